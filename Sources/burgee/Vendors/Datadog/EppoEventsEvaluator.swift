import Burgee
import BurgeeCore
import BurgeeDatadog

/// `burgee eval --format eppo --events URL`: each request through Eppo's assignment call of its
/// type (`client.eppo.getBooleanAssignment`, `getStringAssignment`, `getIntegerAssignment`,
/// `getNumericAssignment`, `getJSONAssignment`), the subject `{"subjectKey", "attributes"}`.
/// Eppo's SDKs hand assignment events to the application's logger rather than sending them:
/// each goes to standard error as one JSON line, and `URL` receives nothing.
enum EppoEventsEvaluator: EventsEvaluator {
    static let format = DefinitionsFormat.eppo

    static func configuration(definitions: DefinitionsPayload, eventsURL url: String,
                              options: EventsEvalOptions) -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration.eppo(sdkKey: EventsEvalOptions.sdkKey, assignmentLogger: { event in
            StandardOutput.error(event.json.serialized())
        }, logger: EventsEvalOptions.logger)
        configuration.source = .bootstrap(definitions)
        return configuration
    }

    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        let request = UFCEventsRequest(context: context, type: type, default: `default`)
        let eppo = client.eppo
        // Eppo's calls take a string subject key: without one (missing, or not a string), Eppo's
        // SDKs refuse the call; nothing is evaluated or logged, and the default is the answer.
        guard let key = request.key else { return [("value", request.defaultValue)] }
        let value: JSONValue
        switch request.type {
        case .boolean:
            value = .bool(eppo.getBooleanAssignment(flagKey: flag, subjectKey: key, subjectAttributes: request.attributes,
                                                    defaultValue: request.defaultValue.boolValue ?? false))
        case .string:
            value = .string(eppo.getStringAssignment(flagKey: flag, subjectKey: key, subjectAttributes: request.attributes,
                                                     defaultValue: request.defaultValue.stringValue ?? ""))
        case .int:
            value = .number(eppo.getIntegerAssignment(flagKey: flag, subjectKey: key, subjectAttributes: request.attributes,
                                                      defaultValue: request.integerDefault))
        case .double:
            value = .number(eppo.getNumericAssignment(flagKey: flag, subjectKey: key, subjectAttributes: request.attributes,
                                                      defaultValue: request.defaultValue.numberValue ?? 0))
        case .json:
            value = eppo.getJSONAssignment(flagKey: flag, subjectKey: key, subjectAttributes: request.attributes,
                                           defaultValue: request.defaultValue)
        }
        return [("value", value)]
    }

    /// Eppo has no custom events: a track line is refused.
    static func track(_ event: JSONValue, on client: BurgeeClient) -> Bool { false }
}
