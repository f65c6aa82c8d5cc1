/// LaunchDarkly's fully qualified key of a context, by which its SDKs tell contexts apart in
/// events: a `user` context's key as it is, another kind's `kind:key`, a multi-context's parts
/// sorted by kind and joined with `:` (each `kind:key`, `user` included). In a key, `%` is
/// written `%25` and `:` `%3A`, so that the joined form is unambiguous.
package enum LaunchDarklyContextKey {
    /// The fully qualified key of `context`.
    package static func fullyQualified(_ context: Context) -> String {
        let parts = context.contexts
        if parts.count == 1, let single = parts.first {
            return single.kind == "user" ? single.key : single.kind + ":" + escaped(single.key)
        }
        return parts.sorted { $0.kind < $1.kind }.map { $0.kind + ":" + escaped($0.key) }.joined(separator: ":")
    }

    /// `key` with `%` as `%25` and `:` as `%3A`.
    package static func escaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: ":") }) else { return key }
        return key.escapingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case ":": "%3A"
            default: nil
            }
        }
    }
}

/// LaunchDarkly's secure mode: a server computes a context's hash with its SDK key and hands it to
/// the client-side SDK, which sends it as `h`; the service answers only for contexts so vouched for.
package enum LaunchDarklySecureMode {
    /// HMAC-SHA256 of the context's fully qualified key under `sdkKey`, in lowercase hex, as
    /// LaunchDarkly's server SDKs' `SecureModeHash` computes it.
    package static func hash(of context: Context, sdkKey: String) -> String {
        HMACSHA256.code(key: Array(sdkKey.utf8), message: Array(LaunchDarklyContextKey.fullyQualified(context).utf8)).hex
    }
}
