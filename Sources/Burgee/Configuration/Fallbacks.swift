import BurgeeCore

/// Values served when a flag cannot be evaluated — client not ready, flag not found, malformed,
/// wrong type, invalid context — or serves no variation (disabled without an off variation).
///
/// The flag's own fallback is tried first, then the global one; each is used only when it is of
/// the type the caller asked for. Otherwise the caller's default is served. The detail keeps the
/// reason and names the fallback used (``Source``).
public struct Fallbacks: Sendable, Equatable {
    /// Which configured fallback was served in place of the caller's default.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The flag's own fallback (``Fallbacks/perFlag``).
        case flag
        /// The global fallback (``Fallbacks/global``).
        case global
    }

    /// A fallback value with the variables a ``Variation`` built from it carries.
    public struct Fallback: Sendable, Equatable {
        /// The value.
        public var value: JSONValue
        /// Variables, for ``BurgeeClient/variation(_:context:track:)``.
        public var variables: [String: JSONValue]

        /// A fallback.
        public init(_ value: JSONValue, variables: [String: JSONValue] = [:]) {
            self.value = value
            self.variables = variables
        }
    }

    /// Served for any flag without its own fallback.
    public var global: Fallback?
    /// Fallbacks by flag key.
    public var perFlag: [String: Fallback]

    /// Fallbacks; none by default.
    public init(global: Fallback? = nil, perFlag: [String: Fallback] = [:]) {
        self.global = global
        self.perFlag = perFlag
    }

    /// The fallback for `key` usable as `type`, and where it came from.
    func resolve(_ key: String, as type: ValueType) -> (Fallback, Source)? {
        if let own = perFlag[key], type.accepts(own.value) { return (own, .flag) }
        if let global, type.accepts(global.value) { return (global, .global) }
        return nil
    }

    var isEmpty: Bool { global == nil && perFlag.isEmpty }
}
