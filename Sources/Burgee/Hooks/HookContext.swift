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
    /// The evaluating client's name (OpenFeature's client metadata): the label of its logger.
    public let clientName: String
    /// The provider's name, OpenFeature's `providerMetadata.name`: `burgee`.
    public let providerName: String

    /// A hook context.
    public init(flagKey: String, valueType: ValueType, defaultValue: Value, context: Context,
                clientName: String, providerName: String = "burgee") {
        self.flagKey = flagKey
        self.valueType = valueType
        self.defaultValue = defaultValue
        self.context = context
        self.clientName = clientName
        self.providerName = providerName
    }
}
