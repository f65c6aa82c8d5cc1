import BurgeeCore

/// LaunchDarkly's fully qualified key of a context, by which its SDKs tell contexts apart in
/// events: a `user` context's key as it is, another kind's `kind:key`, a multi-context's parts
/// sorted by kind and joined with `:` (each `kind:key`, `user` included). In a key, `%` is
/// written `%25` and `:` `%3A`, so that the joined form is unambiguous.
enum LaunchDarklyContextKey {
    /// The fully qualified key of `context`.
    static func fullyQualified(_ context: Context) -> String {
        let parts = context.contexts
        if parts.count == 1, let single = parts.first {
            return single.kind == "user" ? single.key : single.kind + ":" + escaped(single.key)
        }
        return parts.sorted { $0.kind < $1.kind }.map { $0.kind + ":" + escaped($0.key) }.joined(separator: ":")
    }

    /// `key` with `%` as `%25` and `:` as `%3A`.
    static func escaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: ":") }) else { return key }
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case ":": out += "%3A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
