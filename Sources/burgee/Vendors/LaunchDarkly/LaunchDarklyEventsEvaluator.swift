import Burgee
import BurgeeCore
import BurgeeLaunchDarkly

/// `burgee eval --format launchdarkly --events URL`: each request through LaunchDarkly's typed
/// variation call of its type (`boolVariation`, `stringVariation`, `intVariation`,
/// `doubleVariation`, `jsonVariation`), the context
/// LaunchDarkly's JSON; `{"track": {"key", "context", "data"?, "metricValue"?}}` through `track`.
/// LaunchDarkly's events (index, feature, custom, summary) go to `URL/bulk`, its diagnostic events
/// to `URL/diagnostic`, as to LaunchDarkly's events service.
enum LaunchDarklyEventsEvaluator: EventsEvaluator {
    static let format = DefinitionsFormat.launchDarkly

    static func configuration(definitions: DefinitionsPayload, eventsURL url: String,
                              options: EventsEvalOptions) -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration.launchDarkly(
            sdkKey: EventsEvalOptions.sdkKey,
            events: LaunchDarklyEvents(eventsBaseURI: url, flushInterval: EventsEvalOptions.flushInterval),
            logger: EventsEvalOptions.logger)
        configuration.source = .bootstrap(definitions)
        return configuration
    }

    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        evaluate(flag: flag, context: context, type: type, default: `default`, detail: false, on: client)
    }

    /// With `detail`, the `…VariationDetail` call of the type: its events carry the reason.
    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue, detail: Bool,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        let context = Context(launchDarklyJSON: context)
        if detail {
            func members<T>(_ d: FlagDetail<T>, _ value: (T) -> JSONValue) -> [(String, JSONValue)] {
                [("value", value(d.value)), ("variationIndex", d.variationIndex.map { .number(Double($0)) } ?? .null),
                 ("reason", d.reason.json)]
            }
            switch type ?? .json {
            case .boolean:
                return members(client.boolVariationDetail(flag, context: context, default: `default`.boolValue ?? false), JSONValue.bool)
            case .string:
                return members(client.stringVariationDetail(flag, context: context, default: `default`.stringValue ?? ""), JSONValue.string)
            case .int:
                return members(client.intVariationDetail(flag, context: context, default: `default`.intValue ?? 0)) { .number(Double($0)) }
            case .double:
                return members(client.doubleVariationDetail(flag, context: context, default: `default`.numberValue ?? 0), JSONValue.number)
            case .json:
                return members(client.jsonVariationDetail(flag, context: context, default: `default`)) { $0 }
            }
        }
        switch type ?? .json {
        case .boolean:
            return [("value", .bool(client.boolVariation(flag, context: context, default: `default`.boolValue ?? false)))]
        case .string:
            return [("value", .string(client.stringVariation(flag, context: context, default: `default`.stringValue ?? "")))]
        case .int:
            return [("value", .number(client.intVariation(flag, context: context, default: `default`.intValue ?? 0)))]
        case .double:
            return [("value", .number(client.doubleVariation(flag, context: context, default: `default`.numberValue ?? 0)))]
        case .json:
            return [("value", client.jsonVariation(flag, context: context, default: `default`))]
        }
    }

    /// LaunchDarkly's `track(key, context, data, metricValue)` (`client.launchDarkly.track`).
    static func track(_ event: JSONValue, on client: BurgeeClient) -> Bool {
        let members = event.objectValue ?? [:]
        guard let key = members["key"]?.stringValue, let context = members["context"] else { return false }
        return client.launchDarkly.track(key, context: Context(launchDarklyJSON: context), data: members["data"],
                                         metricValue: members["metricValue"]?.numberValue)
    }
}
