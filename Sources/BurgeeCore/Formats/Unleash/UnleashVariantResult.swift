/// Unleash's variant object, as `getVariant` returns it:
/// `{"name","enabled","feature_enabled","payload"?:{"type","value"}}`.
public struct UnleashVariantResult: Sendable, Equatable {
    /// The variant's name; `disabled` when none.
    public var name: String
    /// Whether a variant was picked.
    public var enabled: Bool
    /// Whether the feature itself is enabled for the context.
    public var featureEnabled: Bool
    /// The variant's payload, `{"type","value"}`, when it has one.
    public var payload: JSONValue?

    /// A variant result.
    public init(name: String, enabled: Bool, featureEnabled: Bool, payload: JSONValue?) {
        self.name = name
        self.enabled = enabled
        self.featureEnabled = featureEnabled
        self.payload = payload
    }

    /// No variant: `{"name":"disabled","enabled":false,"feature_enabled":…}`.
    public static func disabled(featureEnabled: Bool) -> UnleashVariantResult {
        UnleashVariantResult(name: "disabled", enabled: false, featureEnabled: featureEnabled, payload: nil)
    }

    /// The JSON shape, `payload` left out when absent.
    public var json: JSONValue {
        var o: [String: JSONValue] = ["name": .string(name), "enabled": .bool(enabled), "feature_enabled": .bool(featureEnabled)]
        if let payload { o["payload"] = payload }
        return .object(o)
    }
}
