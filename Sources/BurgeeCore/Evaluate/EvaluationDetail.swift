/// The outcome of evaluating a flag: the value served, which variation it is, and why.
public struct EvaluationDetail: Sendable {
    /// The served value, or the caller's default when no variation was served.
    public var value: JSONValue
    /// The served variation's index; `nil` when the default was served.
    public var variationIndex: Int?
    /// The served variation's key; `nil` when the default was served.
    public var variationKey: String?
    /// Why.
    public var reason: EvaluationReason

    /// A detail.
    @inlinable
    public init(value: JSONValue, variationIndex: Int?, variationKey: String?, reason: EvaluationReason) {
        self.value = value
        self.variationIndex = variationIndex
        self.variationKey = variationKey
        self.reason = reason
    }

    /// Whether the caller's default was served because of an error.
    @inlinable
    public var isError: Bool { reason.kind == .error }
}
