import Burgee
import BurgeeCore
import BurgeeDatadog

/// `burgee eval --format datadog --events URL`: each request through Datadog's typed value call
/// of its type (`client.datadog.booleanValue`, `stringValue`, `integerValue`, `doubleValue`,
/// `objectValue`; `"type": "int"` or `"integer"` for `integerValue`), the subject
/// `{"targetingKey", "attributes"}`; the exposures those calls log (deduplicated as Datadog's
/// tracers do) go to `URL/api/v2/exposures`, as to Datadog's agentless intake.
enum DatadogEventsEvaluator: EventsEvaluator {
    static let format = DefinitionsFormat.datadog

    static func configuration(definitions: DefinitionsPayload, eventsURL url: String,
                              options: EventsEvalOptions) -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration.datadog(apiKey: EventsEvalOptions.sdkKey, exposures: .intake(url),
                                                               flushInterval: EventsEvalOptions.flushInterval,
                                                               logger: EventsEvalOptions.logger)
        configuration.source = .bootstrap(definitions)
        return configuration
    }

    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        let request = UFCEventsRequest(context: context, type: type, default: `default`)
        let subject = DatadogEvaluationContext(targetingKey: request.key, attributes: request.attributes)
        let datadog = client.datadog
        let value: JSONValue
        switch request.type {
        case .boolean:
            value = .bool(datadog.booleanValue(key: flag, defaultValue: request.defaultValue.boolValue ?? false, context: subject))
        case .string:
            value = .string(datadog.stringValue(key: flag, defaultValue: request.defaultValue.stringValue ?? "", context: subject))
        case .int:
            value = .number(datadog.integerValue(key: flag, defaultValue: request.integerDefault, context: subject))
        case .double:
            value = .number(datadog.doubleValue(key: flag, defaultValue: request.defaultValue.numberValue ?? 0, context: subject))
        case .json:
            value = datadog.objectValue(key: flag, defaultValue: request.defaultValue, context: subject)
        }
        return [("value", value)]
    }

    /// Datadog has no custom events: a track line is refused.
    static func track(_ event: JSONValue, on client: BurgeeClient) -> Bool { false }
}
