/// Why an evaluation served what it did (docs/evaluation.md).
public struct EvaluationReason: Sendable, Hashable {
    /// The reason kinds.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The flag is disabled.
        case off = "OFF"
        /// The context's key is in a target list.
        case targetMatch = "TARGET_MATCH"
        /// A rule matched.
        case ruleMatch = "RULE_MATCH"
        /// A prerequisite flag did not serve the required variation.
        case prerequisiteFailed = "PREREQUISITE_FAILED"
        /// Nothing matched; the fallthrough served.
        case `fallthrough` = "FALLTHROUGH"
        /// The flag could not be evaluated; the caller's default served.
        case error = "ERROR"
    }

    /// The error kinds. An error kind is also the error that a failed evaluation reports where
    /// an error is thrown or handed on (a hook's `error` stage).
    public enum ErrorKind: String, Error, Sendable, Hashable, CaseIterable {
        /// No definitions have been loaded yet.
        case clientNotReady = "CLIENT_NOT_READY"
        /// No flag has this key.
        case flagNotFound = "FLAG_NOT_FOUND"
        /// The flag's definition has errors.
        case malformedFlag = "MALFORMED_FLAG"
        /// The context cannot be evaluated.
        case invalidContext = "INVALID_CONTEXT"
        /// The served value is not of the requested type.
        case wrongType = "WRONG_TYPE"
        /// An unexpected failure.
        case exception = "EXCEPTION"

        /// The OpenFeature error code: `PROVIDER_NOT_READY`, `FLAG_NOT_FOUND`, `PARSE_ERROR`,
        /// `INVALID_CONTEXT`, `TYPE_MISMATCH` or `GENERAL`.
        public var openFeatureErrorCode: String {
            switch self {
            case .clientNotReady: "PROVIDER_NOT_READY"
            case .flagNotFound: "FLAG_NOT_FOUND"
            case .malformedFlag: "PARSE_ERROR"
            case .invalidContext: "INVALID_CONTEXT"
            case .wrongType: "TYPE_MISMATCH"
            case .exception: "GENERAL"
            }
        }
    }

    /// The state of LaunchDarkly's big segments, for an evaluation that consulted an unbounded
    /// (big) segment (LaunchDarkly's `bigSegmentsStatus`): as the program's
    /// ``SegmentMembershipSource`` answered, ``notConfigured`` without one.
    @usableFromInline package enum BigSegmentsStatus: String, Sendable, Hashable, CaseIterable {
        /// The store was queried and is up to date.
        case healthy = "HEALTHY"
        /// The store was queried and may be out of date.
        case stale = "STALE"
        /// No big segment store is configured: the segment's members could not be read.
        case notConfigured = "NOT_CONFIGURED"
        /// The store could not be queried.
        case storeError = "STORE_ERROR"
    }

    /// The kind.
    public var kind: Kind
    /// For `RULE_MATCH`: the rule's index.
    public var ruleIndex: Int?
    /// For `RULE_MATCH`: the rule's id, when it has one.
    ///
    /// A reason carries a rule id or a ``label``, never both: they share one stored string, so
    /// that a reason copies no more strings than it did before labels (setting one clears the other).
    public var ruleId: String? {
        @inlinable get { textIsLabel ? nil : text }
        @inlinable set { text = newValue; textIsLabel = false }
    }
    /// For `PREREQUISITE_FAILED`: the first prerequisite that failed.
    public var prerequisiteKey: String?
    /// Whether an experiment rollout picked the variation for a context of its kind.
    public var inExperiment: Bool
    /// For `ERROR`: what went wrong.
    public var errorKind: ErrorKind?
    /// Whether a rollout picked the variation (OpenFeature's `SPLIT`); not part of the JSON form.
    public var fromRollout: Bool
    /// For an evaluation that consulted a LaunchDarkly unbounded (big) segment: `NOT_CONFIGURED`.
    @usableFromInline package var bigSegmentsStatus: BigSegmentsStatus?
    /// The label that a format whose results carry one gives the outcome (Split's `killed`,
    /// `default rule`, `not in split` or the matched condition's label); `nil` for the others.
    public var label: String? {
        @inlinable get { textIsLabel ? text : nil }
        @inlinable set { text = newValue; textIsLabel = newValue != nil }
    }

    /// The rule id or the label.
    @usableFromInline var text: String?
    /// Whether ``text`` is the label.
    @usableFromInline var textIsLabel: Bool

    /// A reason.
    @inlinable
    public init(kind: Kind, ruleIndex: Int? = nil, ruleId: String? = nil, prerequisiteKey: String? = nil,
                inExperiment: Bool = false, errorKind: ErrorKind? = nil, fromRollout: Bool = false) {
        self.kind = kind
        self.ruleIndex = ruleIndex
        self.text = ruleId
        self.textIsLabel = false
        self.prerequisiteKey = prerequisiteKey
        self.inExperiment = inExperiment
        self.errorKind = errorKind
        self.fromRollout = fromRollout
        self.bigSegmentsStatus = nil
    }

    /// `OFF`.
    public static let off = EvaluationReason(kind: .off)
    /// `TARGET_MATCH`.
    public static let targetMatch = EvaluationReason(kind: .targetMatch)

    /// An `ERROR` reason.
    @inlinable
    public static func error(_ errorKind: ErrorKind) -> EvaluationReason {
        EvaluationReason(kind: .error, errorKind: errorKind)
    }

    /// The OpenFeature reason: `DISABLED`, `TARGETING_MATCH`, `SPLIT`, `DEFAULT` or `ERROR`.
    public var openFeatureReason: String {
        switch kind {
        case .off, .prerequisiteFailed: return "DISABLED"
        case .targetMatch: return "TARGETING_MATCH"
        case .ruleMatch: return fromRollout ? "SPLIT" : "TARGETING_MATCH"
        case .fallthrough: return fromRollout ? "SPLIT" : "DEFAULT"
        case .error: return "ERROR"
        }
    }

    /// The OpenFeature error code for an `ERROR` reason, else `nil`.
    public var openFeatureErrorCode: String? { errorKind?.openFeatureErrorCode }

    /// The JSON form: `kind` and only the fields that apply (`inExperiment` only when true,
    /// `bigSegmentsStatus` and `label` only when set).
    public var json: JSONValue {
        var o: [String: JSONValue] = ["kind": .string(kind.rawValue)]
        if let ruleIndex { o["ruleIndex"] = .number(Double(ruleIndex)) }
        if let ruleId { o["ruleId"] = .string(ruleId) }
        if let prerequisiteKey { o["prerequisiteKey"] = .string(prerequisiteKey) }
        if inExperiment { o["inExperiment"] = true }
        if let errorKind { o["errorKind"] = .string(errorKind.rawValue) }
        if let bigSegmentsStatus { o["bigSegmentsStatus"] = .string(bigSegmentsStatus.rawValue) }
        if let label { o["label"] = .string(label) }
        return .object(o)
    }

    /// The JSON form as text, fields in the documented order (`kind` first).
    public var jsonText: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.output
    }

    /// Writes the JSON form with its fields in the documented order.
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("kind"); writer.string(kind.rawValue)
        if let ruleIndex { writer.key("ruleIndex"); writer.int(ruleIndex) }
        if let ruleId { writer.key("ruleId"); writer.string(ruleId) }
        if let prerequisiteKey { writer.key("prerequisiteKey"); writer.string(prerequisiteKey) }
        if inExperiment { writer.key("inExperiment"); writer.bool(true) }
        if let errorKind { writer.key("errorKind"); writer.string(errorKind.rawValue) }
        if let bigSegmentsStatus { writer.key("bigSegmentsStatus"); writer.string(bigSegmentsStatus.rawValue) }
        if let label { writer.key("label"); writer.string(label) }
        writer.endObject()
    }
}
