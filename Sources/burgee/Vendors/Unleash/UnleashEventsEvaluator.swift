import Burgee
import BurgeeCore
import BurgeeUnleash

/// `burgee eval --format unleash --events URL`: a boolean request through Unleash's `isEnabled`,
/// any other through `getVariant` (`client.unleash.isEnabled`, `client.unleash.variant`), the
/// context Unleash's (`userId`, `sessionId`, `properties`, …); usage metrics (yes and no per
/// toggle, variant counts) go to `URL/api/client/metrics`, as to an Unleash server.
enum UnleashEventsEvaluator: EventsEvaluator {
    static let format = DefinitionsFormat.unleash
    /// The application name the metrics carry.
    static let appName = "burgee-eval"

    static func configuration(definitions: DefinitionsPayload, eventsURL url: String,
                              options: EventsEvalOptions) -> BurgeeClient.Configuration {
        let connection = UnleashConnection(url: url + "/api", appName: appName, metricsInterval: EventsEvalOptions.flushInterval)
        var configuration = BurgeeClient.Configuration(sdkKey: EventsEvalOptions.sdkKey, source: .bootstrap(definitions),
                                                       logger: EventsEvalOptions.logger)
        configuration.events = EventsConfiguration(destination: .unleashMetrics(connection), exposures: .off,
                                                   flushInterval: EventsEvalOptions.flushInterval)
        return configuration
    }

    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        let context = Context(unleashJSON: context)
        guard type == .boolean || type == nil else {
            let variant = client.unleash.variant(flag, context: context)
            var members: [String: JSONValue] = ["name": .string(variant.name), "enabled": .bool(variant.enabled),
                                                "feature_enabled": .bool(variant.featureEnabled)]
            if let payload = variant.payload { members["payload"] = payload }
            return [("variant", .object(members))]
        }
        return [("enabled", .bool(client.unleash.isEnabled(flag, context: context)))]
    }

    /// Unleash has no custom events: a track line is refused.
    static func track(_ event: JSONValue, on client: BurgeeClient) -> Bool { false }
}
