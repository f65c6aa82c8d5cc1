import BurgeeCore

/// What a ``Hook`` is told about the evaluation it runs around.
public struct HookContext<Value: FlagValue>: Sendable {
    /// The flag's key.
    public let flagKey: String
    /// The type the caller asked for.
    public let valueType: ValueType
    /// The caller's default.
    public let defaultValue: Value
    /// The context the flag is evaluated for: the caller's, merged with what earlier `before`
    /// stages returned. A later stage sees the context after every `before` stage.
    ///
    /// Merging a returned context: each of its single contexts replaces the attributes it names
    /// (its key included) in the single context of the same kind, and a kind not there yet is
    /// added, making a multi-context.
    public internal(set) var context: Context
    /// Who evaluates.
    public let clientMetadata: ClientMetadata

    /// A hook context.
    public init(flagKey: String, valueType: ValueType, defaultValue: Value, context: Context,
                clientMetadata: ClientMetadata) {
        self.flagKey = flagKey
        self.valueType = valueType
        self.defaultValue = defaultValue
        self.context = context
        self.clientMetadata = clientMetadata
    }
}
