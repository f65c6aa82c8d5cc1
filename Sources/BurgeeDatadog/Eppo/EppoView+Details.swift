import Burgee
import BurgeeCore

extension EppoView {
    /// The flag's string assignment with Eppo's evaluation details (Eppo's `get_string_assignment_details`).
    public func getStringAssignmentDetails(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                           defaultValue: String) -> EppoAssignmentDetails<String> {
        details(flagKey, subjectKey, subjectAttributes, defaultValue, .string) { $0.stringValue }
    }

    /// The flag's boolean assignment with Eppo's evaluation details (Eppo's `get_boolean_assignment_details`).
    public func getBooleanAssignmentDetails(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                            defaultValue: Bool) -> EppoAssignmentDetails<Bool> {
        details(flagKey, subjectKey, subjectAttributes, defaultValue, .boolean) { $0.boolValue }
    }

    /// The flag's integer assignment with Eppo's evaluation details (Eppo's `get_integer_assignment_details`).
    public func getIntegerAssignmentDetails(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                            defaultValue: Int) -> EppoAssignmentDetails<Int> {
        details(flagKey, subjectKey, subjectAttributes, defaultValue, .integer) { value in
            guard case .number(let n) = value, let exact = JSONValue.exactInt64(n) else { return nil }
            return Int(exactly: exact)
        }
    }

    /// The flag's numeric assignment with Eppo's evaluation details (Eppo's `get_numeric_assignment_details`).
    public func getNumericAssignmentDetails(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                            defaultValue: Double) -> EppoAssignmentDetails<Double> {
        details(flagKey, subjectKey, subjectAttributes, defaultValue, .numeric) { $0.numberValue }
    }

    /// The flag's JSON assignment with Eppo's evaluation details (Eppo's `get_json_assignment_details`).
    public func getJSONAssignmentDetails(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                         defaultValue: JSONValue) -> EppoAssignmentDetails<JSONValue> {
        details(flagKey, subjectKey, subjectAttributes, defaultValue, .json) { $0 }
    }

    /// One details call: counted like the assignment call, the details built from the same
    /// snapshot, the assignment event logged (with the details) as Eppo logs it: on `MATCH`, for
    /// an allocation with `doLog`.
    private func details<T>(_ key: String, _ subjectKey: String, _ attributes: [String: JSONValue], _ defaultValue: T,
                            _ type: UFCVariationType, _ read: (JSONValue) -> T?) -> EppoAssignmentDetails<T> {
        let context = Context(targetingKey: subjectKey, ufcAttributes: attributes, requiresKey: true)
        var found: UFCAssignmentDetails?
        var fetchedAt: Timestamp?
        client.readOutcomeForView(key, context: context, as: type.valueType, track: true) { _, snapshot in
            found = snapshot?.ufcAssignmentDetails(flag: key, subjectKey: subjectKey, attributes: attributes, type: type)
            fetchedAt = snapshot?.ufcCompiledAt
        }
        let details = found ?? .configurationMissing(flag: key, subjectKey: subjectKey, attributes: attributes)
        let milliseconds = client.clock.wallMilliseconds()
        let now = Timestamp(unixMilliseconds: Double(milliseconds)) ?? Timestamp(unixMilliseconds: 0)!
        let json = details.json(timestamp: now, fetchedAt: found == nil ? nil : fetchedAt)
        let value = details.value.flatMap(read)
        if value != nil, details.doLog, let allocation = details.allocationKey,
           let logger = client.configuration[module: EppoClientSettings.self]?.assignmentLogger {
            var event = EppoAssignmentEvent(flag: key, allocation: allocation, variation: details.variationKey ?? "", subject: subjectKey,
                                            attributes: attributes, extraLogging: details.extraLogging, timestamp: milliseconds)
            event.evaluationDetails = json
            logger(event)
        }
        return EppoAssignmentDetails(variation: value ?? defaultValue, action: nil, evaluationDetails: json)
    }
}
