import BurgeeCore

/// The variation a flag serves a context, with its variables (Kameleoon variables, Split
/// configurations and Unleash payloads map here).
public struct Variation: Sendable {
    /// The flag's key.
    public var flagKey: String
    /// The variation's key; `nil` when none was served (then ``value`` and ``variables`` come
    /// from a configured fallback, or are `null` and empty).
    public var key: String?
    /// The variation's index in the flag's definition.
    public var index: Int?
    /// The served value.
    public var value: JSONValue
    /// The variation's variables (or the fallback's).
    public var variables: [String: JSONValue]
    /// Why it was served.
    public var reason: EvaluationReason
    /// The configured fallback that was served, if one was.
    public var fallback: Fallbacks.Source?

    /// A variation.
    public init(flagKey: String, key: String?, index: Int?, value: JSONValue, variables: [String: JSONValue],
                reason: EvaluationReason, fallback: Fallbacks.Source? = nil) {
        self.flagKey = flagKey
        self.key = key
        self.index = index
        self.value = value
        self.variables = variables
        self.reason = reason
        self.fallback = fallback
    }

    /// One variable, read as `type`; `nil` when absent or of another type.
    public func variable<T: FlagValue>(_ name: String, as type: T.Type = T.self) -> T? {
        variables[name].flatMap(T.init(flagValue:))
    }

    /// Whether a variation was served (not the off variation of a disabled flag, not an error).
    public var isServed: Bool { key != nil }
}
