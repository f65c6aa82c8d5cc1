import BurgeeCore

/// An assignment with Eppo's evaluation details: what Eppo's `get_*_assignment_details` calls
/// return (`EvaluationResult`).
///
/// ``evaluationDetails`` is Eppo's `evaluation_details` object, member for member: `flagKey`,
/// `subjectKey`, `subjectAttributes`, `timestamp`, `configFetchedAt`, `configPublishedAt`,
/// `environmentName`, `flagEvaluationCode` (`MATCH`, `CONFIGURATION_MISSING`,
/// `FLAG_UNRECOGNIZED_OR_DISABLED`, `DEFAULT_ALLOCATION_NULL`, `TYPE_MISMATCH`,
/// `UNEXPECTED_CONFIGURATION_ERROR`), `flagEvaluationDescription`, `variationKey`,
/// `variationValue` (`{"type","value"}`), `allocations` (each allocation's
/// `allocationEvaluationCode`, the rules and conditions evaluated, the splits and shards tried),
/// and the bandit members, `null` for assignments.
public struct EppoAssignmentDetails<Value: Sendable>: Sendable {
    /// The assigned value, or the default the call was given (every code but `MATCH`).
    public var variation: Value
    /// The bandit action: `nil` for an assignment (Eppo's `action`).
    public var action: String?
    /// Eppo's `evaluation_details`.
    public var evaluationDetails: JSONValue

    /// `flagEvaluationCode`: `MATCH` when an allocation assigned a variation.
    public var flagEvaluationCode: String {
        evaluationDetails.objectValue?["flagEvaluationCode"]?.stringValue ?? ""
    }

    /// `flagEvaluationDescription`: why, in Eppo's words.
    public var flagEvaluationDescription: String {
        evaluationDetails.objectValue?["flagEvaluationDescription"]?.stringValue ?? ""
    }
}
