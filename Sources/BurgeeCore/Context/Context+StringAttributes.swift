extension Context {
    /// A single context whose attributes are text, as request headers, query items or environment
    /// variables give them.
    ///
    /// Each attribute becomes a JSON string, exactly as given: `"42"` stays the string `"42"`, so
    /// numeric operators do not match it (write the attribute as a number with
    /// ``init(kind:key:name:anonymous:attributes:privateAttributes:)`` when a rule compares numbers).
    /// - Parameters:
    ///   - kind: the kind, `user` by default; must match `[A-Za-z0-9._-]+` and not be `kind` or `multi`.
    ///   - key: the non-empty key.
    ///   - name: an optional display name.
    ///   - anonymous: whether the context is anonymous.
    ///   - stringAttributes: further attributes as text; `kind`, `key`, `name`, `anonymous` and
    ///     `_meta` among them are ignored, as in ``init(kind:key:name:anonymous:attributes:privateAttributes:)``.
    public init(kind: String = "user", key: String, name: String? = nil, anonymous: Bool? = nil,
                stringAttributes: [String: String]) {
        self.init(kind: kind, key: key, name: name, anonymous: anonymous,
                  attributes: stringAttributes.mapValues { JSONValue.string($0) })
    }
}
