import BurgeeCore

/// The JSON result line of `burgee eval` (design §9):
/// `{"flag", "value", "variation", "variationIndex", "reason"}` in that order.
enum ResultLine {
    /// With `unleash`, one more member in Unleash's shape (dialects §2):
    /// `"unleash":{"enabled":…,"variant":{"name","enabled","feature_enabled","payload"?}}`.
    static func write(flag: String?, detail: EvaluationDetail, error: String? = nil,
                      unleash: (enabled: Bool, variant: UnleashVariantResult)? = nil,
                      flagd: FlagdEvaluation? = nil) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("flag")
        if let flag { writer.string(flag) } else { writer.null() }
        // For Unleash, `value` is the isEnabled answer (dialects §2): `false`, not the default,
        // for a toggle that is unknown or cannot be evaluated.
        writer.key("value"); writer.value(unleash.map { .bool($0.enabled) } ?? detail.value)
        writer.key("variation")
        if let key = detail.variationKey { writer.string(key) } else { writer.null() }
        writer.key("variationIndex")
        if let index = detail.variationIndex { writer.int(index) } else { writer.null() }
        writer.key("reason"); detail.reason.write(to: &writer)
        if let unleash {
            writer.key("unleash")
            writer.value(.object(["enabled": .bool(unleash.enabled), "variant": unleash.variant.json]))
        }
        if let flagd {
            // dialects §2: `value` absent, not null, when the caller's default applies.
            writer.key("flagd")
            writer.value(flagd.json)
        }
        if let error { writer.key("error"); writer.string(error) }
        writer.endObject()
        return writer.output
    }
}
