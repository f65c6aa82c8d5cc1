import BurgeeCore

/// What Eppo's SDKs hand their assignment logger (`log_assignment`) when an allocation with
/// `doLog` assigns a subject a variation.
public struct EppoAssignmentEvent: Sendable, Equatable {
    /// The flag's key.
    public var featureFlag: String
    /// The allocation's key.
    public var allocation: String
    /// `"<flag>-<allocation>"`.
    public var experiment: String
    /// The variation's key.
    public var variation: String
    /// The subject's key.
    public var subject: String
    /// The subject's attributes, as given.
    public var subjectAttributes: [String: JSONValue]
    /// When it was assigned, in milliseconds since the Unix epoch.
    public var timestamp: Int64
    /// The split's `extraLogging` entries (`holdoutKey`, `holdoutVariation`, …).
    public var extraLogging: [String: String]
    /// `{"sdkName","sdkVersion","coreVersion"}`.
    public var metaData: [String: String]
    /// The evaluation details, for an event of a `…Details` call (Eppo's `evaluationDetails`);
    /// `nil` for the other calls.
    public var evaluationDetails: JSONValue? = nil

    /// The event as Eppo's SDKs log it: its members, `timestamp` in RFC 3339, and the
    /// `extraLogging` entries flattened into it.
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "featureFlag": .string(featureFlag), "allocation": .string(allocation), "experiment": .string(experiment),
            "variation": .string(variation), "subject": .string(subject), "subjectAttributes": .object(subjectAttributes),
            "timestamp": .string(Timestamp.rfc3339(millisecondsSinceEpoch: timestamp)), "metaData": .object(metaData.mapValues(JSONValue.string)),
        ]
        for (name, value) in extraLogging { o[name] = .string(value) }
        if let evaluationDetails { o["evaluationDetails"] = evaluationDetails }
        return .object(o)
    }
}

/// Called with each assignment event of `client.eppo`'s calls (Eppo's `AssignmentLogger.log_assignment`).
public typealias EppoAssignmentLogger = @Sendable (EppoAssignmentEvent) -> Void
