import BurgeeCore

/// A typed evaluation result: the value, which variation served it, and why (docs/evaluation.md).
public struct FlagDetail<Value: FlagValue>: Sendable {
    /// The flag's key.
    public var flagKey: String
    /// The value: the served variation's, else a configured fallback, else the caller's default.
    public var value: Value
    /// The served variation's key; `nil` when no variation was served.
    public var variationKey: String?
    /// The served variation's index; `nil` when no variation was served.
    public var variationIndex: Int?
    /// Why this value was served. A fallback keeps the reason (usually `ERROR`) that made it necessary.
    public var reason: EvaluationReason
    /// The configured fallback that supplied ``value``, if one did.
    public var fallback: Fallbacks.Source?
    /// The flag's free-form metadata; empty when the flag is unknown.
    public var flagMetadata: [String: JSONValue]

    /// A detail.
    public init(flagKey: String, value: Value, variationKey: String? = nil, variationIndex: Int? = nil,
                reason: EvaluationReason, fallback: Fallbacks.Source? = nil, flagMetadata: [String: JSONValue] = [:]) {
        self.flagKey = flagKey
        self.value = value
        self.variationKey = variationKey
        self.variationIndex = variationIndex
        self.reason = reason
        self.fallback = fallback
        self.flagMetadata = flagMetadata
    }

    /// The OpenFeature reason: `DISABLED`, `TARGETING_MATCH`, `SPLIT`, `DEFAULT` or `ERROR`.
    public var openFeatureReason: String { reason.openFeatureReason }
    /// The OpenFeature error code when ``reason`` is `ERROR`.
    public var openFeatureErrorCode: String? { reason.openFeatureErrorCode }
    /// Whether the flag could not be evaluated.
    public var isError: Bool { reason.kind == .error }
}
