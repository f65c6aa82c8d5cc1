import Burgee
import BurgeeCore

/// Eppo's calls on a `BurgeeClient`, in the words of Eppo's server SDKs:
/// `client.eppo.getStringAssignment(flagKey:subjectKey:subjectAttributes:defaultValue:)` and its
/// siblings answer what Eppo's `get_string_assignment` and its siblings answer for the flags of
/// an Eppo (or Datadog) configuration.
///
/// ```swift
/// let variant = client.eppo.getStringAssignment(flagKey: "checkout-button", subjectKey: "user-1",
///                                               subjectAttributes: ["country": "FR"], defaultValue: "control")
/// ```
///
/// An assignment of an allocation with `doLog` is handed to the configuration's
/// `BurgeeClient.Configuration.eppoAssignmentLogger` on every call, as Eppo's SDKs log it.
/// Evaluations count like every evaluation. A view holds only its client: taking one costs nothing.
public struct EppoView: Sendable {
    /// The client the calls go to.
    let client: BurgeeClient

    /// The flag's boolean assignment for the subject, or `defaultValue` (Eppo's `get_boolean_assignment`).
    public func getBooleanAssignment(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                     defaultValue: Bool) -> Bool {
        assignment(flagKey, subjectKey, subjectAttributes, defaultValue, .boolean) { $0.boolValue }
    }

    /// The flag's string assignment for the subject, or `defaultValue` (Eppo's `get_string_assignment`).
    public func getStringAssignment(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                    defaultValue: String) -> String {
        assignment(flagKey, subjectKey, subjectAttributes, defaultValue, .string) { $0.stringValue }
    }

    /// The flag's integer assignment for the subject, or `defaultValue` (Eppo's `get_integer_assignment`).
    public func getIntegerAssignment(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                     defaultValue: Int) -> Int {
        assignment(flagKey, subjectKey, subjectAttributes, defaultValue, .int) { value in
            guard case .number(let n) = value, let exact = JSONValue.exactInt64(n) else { return nil }
            return Int(exactly: exact)
        }
    }

    /// The flag's numeric assignment for the subject, or `defaultValue` (Eppo's `get_numeric_assignment`).
    public func getNumericAssignment(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                     defaultValue: Double) -> Double {
        assignment(flagKey, subjectKey, subjectAttributes, defaultValue, .double) { $0.numberValue }
    }

    /// The flag's JSON assignment for the subject, or `defaultValue` (Eppo's `get_json_assignment`).
    public func getJSONAssignment(flagKey: String, subjectKey: String, subjectAttributes: [String: JSONValue] = [:],
                                  defaultValue: JSONValue) -> JSONValue {
        assignment(flagKey, subjectKey, subjectAttributes, defaultValue, .json) { $0 }
    }

    /// One assignment, as Eppo's SDKs make it: the variation type checked against `type`, the
    /// default on any failure, and the assignment event logged when the allocation says `doLog`.
    private func assignment<T>(_ key: String, _ subjectKey: String, _ attributes: [String: JSONValue], _ defaultValue: T,
                               _ type: ValueType, _ read: (JSONValue) -> T?) -> T {
        let context = Context(targetingKey: subjectKey, ufcAttributes: attributes, requiresKey: true)
        let logger = client.configuration[module: EppoClientSettings.self]?.assignmentLogger
        // The result, with its strings, is built only for an assignment that is logged.
        var value: T?
        var result: UFCResult?
        client.readOutcomeForView(key, context: context, as: type, track: true) { outcome, snapshot in
            guard let snapshot, let served = snapshot.value(of: outcome).flatMap(read) else { return }
            value = served
            guard logger != nil, outcome.kind == .ruleMatch || outcome.kind == .targetMatch,
                  snapshot.ruleExposure(of: outcome)?.logged ?? true else { return }
            result = UFCResult(snapshot.detail(of: outcome, default: .null), flag: key, context: context, in: snapshot, vendor: .eppo)
        }
        if let result, result.doLog, let logger {
            logger(EppoAssignmentEvent(result, flag: key, subject: subjectKey, attributes: attributes,
                                       timestamp: client.clock.wallMilliseconds()))
        }
        return value ?? defaultValue
    }
}

extension EppoAssignmentEvent {
    /// The event of `result`, an assignment of a `doLog` allocation.
    init(_ result: UFCResult, flag: String, subject: String, attributes: [String: JSONValue], timestamp: Int64) {
        self.init(flag: flag, allocation: result.allocationKey ?? "", variation: result.variant ?? "", subject: subject,
                  attributes: attributes, extraLogging: result.extraLogging.compactMapValues(\.stringValue), timestamp: timestamp)
    }

    /// The event of an assignment of `allocation`'s `variation`.
    init(flag: String, allocation: String, variation: String, subject: String, attributes: [String: JSONValue],
         extraLogging: [String: String], timestamp: Int64) {
        featureFlag = flag
        self.allocation = allocation
        experiment = "\(flag)-\(allocation)"
        self.variation = variation
        self.subject = subject
        subjectAttributes = attributes
        self.timestamp = timestamp
        self.extraLogging = extraLogging
        metaData = ["sdkName": "burgee", "sdkVersion": SDKVersion.version, "coreVersion": SDKVersion.version]
    }
}

extension BurgeeClient {
    /// Eppo's calls: `getStringAssignment`, `getBooleanAssignment`, … in the words of Eppo's SDKs.
    public var eppo: EppoView { EppoView(client: self) }
}
