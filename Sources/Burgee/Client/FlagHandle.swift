import BurgeeCore

extension BurgeeClient {
    /// A flag resolved once by key, for code that evaluates it often: ``value(for:track:)`` answers
    /// what ``BurgeeClient/variation(_:context:default:track:)`` answers, without looking the key up
    /// again while the client's definitions stay the same (a new snapshot makes the next call look it
    /// up once more).
    ///
    /// ```swift
    /// let newCheckout = client.flag("new-checkout", as: Bool.self, default: false)
    /// for request in requests where newCheckout.value(for: request.context) { … }
    /// ```
    ///
    /// A handle is cheap to keep and safe to share between tasks and threads; hooks, events,
    /// fallbacks and metrics apply as to the getters by key.
    public final class FlagHandle<Value: FlagValue>: Sendable {
        /// The flag's key.
        public let key: String
        /// What is returned when the flag cannot be evaluated or does not serve a `Value`.
        public let defaultValue: Value
        @usableFromInline let client: BurgeeClient
        @usableFromInline let cache = FlagPositionCache()

        init(client: BurgeeClient, key: String, defaultValue: Value) {
            self.client = client
            self.key = key
            self.defaultValue = defaultValue
        }

        /// The flag's value for `context`, else a fallback or the handle's default.
        /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
        @inlinable
        public func value(for context: Context, track: Bool = true) -> Value {
            // The getters' types go to entry points compiled for them in this module: a generic
            // call from another module would run unspecialized (measured: 2,026 instructions
            // against 1,109 for `boolVariation`). After specialization only one branch remains.
            if Value.self == Bool.self { return client._handleValue(key, context, defaultValue as! Bool, track, cache) as! Value }
            if Value.self == String.self { return client._handleValue(key, context, defaultValue as! String, track, cache) as! Value }
            if Value.self == Int.self { return client._handleValue(key, context, defaultValue as! Int, track, cache) as! Value }
            if Value.self == Double.self { return client._handleValue(key, context, defaultValue as! Double, track, cache) as! Value }
            if Value.self == JSONValue.self { return client._handleValue(key, context, defaultValue as! JSONValue, track, cache) as! Value }
            return client._handleGenericValue(key, context, defaultValue, track, cache)
        }

        /// ``value(for:track:)`` with the variation, the reason and the flag's metadata.
        /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
        public func detail(for context: Context, track: Bool = true) -> FlagDetail<Value> {
            if client.intercepts { return client.interceptedDetail(key, context, defaultValue, track, bound: [], call: []) }
            return client.plainDetail(key, context, defaultValue, track, cache: cache)
        }
    }
}

extension BurgeeClient {
    // A flag handle's evaluation, one entry point per getter type (specialized here).
    @usableFromInline
    func _handleValue(_ key: String, _ context: Context, _ defaultValue: Bool, _ track: Bool, _ cache: FlagPositionCache) -> Bool {
        _handleGenericValue(key, context, defaultValue, track, cache)
    }

    @usableFromInline
    func _handleValue(_ key: String, _ context: Context, _ defaultValue: String, _ track: Bool, _ cache: FlagPositionCache) -> String {
        _handleGenericValue(key, context, defaultValue, track, cache)
    }

    @usableFromInline
    func _handleValue(_ key: String, _ context: Context, _ defaultValue: Int, _ track: Bool, _ cache: FlagPositionCache) -> Int {
        _handleGenericValue(key, context, defaultValue, track, cache)
    }

    @usableFromInline
    func _handleValue(_ key: String, _ context: Context, _ defaultValue: Double, _ track: Bool, _ cache: FlagPositionCache) -> Double {
        _handleGenericValue(key, context, defaultValue, track, cache)
    }

    @usableFromInline
    func _handleValue(_ key: String, _ context: Context, _ defaultValue: JSONValue, _ track: Bool,
                      _ cache: FlagPositionCache) -> JSONValue {
        _handleGenericValue(key, context, defaultValue, track, cache)
    }

    /// A flag handle's evaluation: the hooks' path, or the plain one without the key's lookup.
    @usableFromInline
    @inline(__always)
    func _handleGenericValue<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T, _ track: Bool,
                                          _ cache: FlagPositionCache) -> T {
        if intercepts { return interceptedDetail(key, context, defaultValue, track, bound: [], call: []).value }
        return plainValue(key, context, defaultValue, track, cache: cache)
    }
}

extension BurgeeClient {
    /// A handle on flag `key` read as `type`: its evaluations skip the key's lookup while the
    /// definitions stay the same. Resolving costs nothing until the first evaluation; an unknown
    /// flag answers as the getters by key do (`FLAG_NOT_FOUND`, the default), and is found once
    /// definitions that have it arrive.
    public func flag<Value: FlagValue>(_ key: String, as type: Value.Type = Value.self, default defaultValue: Value) -> FlagHandle<Value> {
        FlagHandle(client: self, key: key, defaultValue: defaultValue)
    }
}
