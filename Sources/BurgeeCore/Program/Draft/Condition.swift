/// A condition on a context, as formats lower their clauses, constraints and targets.
package indirect enum Condition: Sendable {
    /// Always holds (a rule with no clauses, a strategy with no constraints).
    case always
    /// Holds when every part holds (none: holds).
    case all([Condition])
    /// Holds when any part holds (none: does not hold).
    case any([Condition])
    /// Holds when the part does not.
    case not(Condition)
    /// An attribute of one context kind tested by an operator.
    case test(AttributeTest)
    /// Membership in any of a list of segments.
    case segmentMatch(SegmentTest)
    /// The key of the context of a kind is one of a list (individual targets).
    case contextKey(ContextKeyTest)
}

/// An attribute test: read an attribute of a context kind and apply an operator.
package struct AttributeTest: Sendable {
    /// What a negated test yields when the context kind or the attribute is absent.
    package enum Absent: Sendable {
        /// False whatever `negate` says (native clauses, LaunchDarkly).
        case isFalse
        /// An absent value fails the operator, and `negate` turns that into true (Unleash's `inverted`).
        case failsOperator
    }

    package var contextKind: String
    package var attribute: AttributeReference
    package var op: Operator
    package var negate: Bool
    package var absent: Absent
    /// Lowercase the attribute before matching (regexes lowercase themselves).
    package var lowercaseInput: Bool
    /// The test as written, for `explain`.
    package var label: TestLabel

    package init(contextKind: String, attribute: AttributeReference, op: Operator, negate: Bool, absent: Absent,
                 lowercaseInput: Bool, label: TestLabel) {
        self.contextKind = contextKind
        self.attribute = attribute
        self.op = op
        self.negate = negate
        self.absent = absent
        self.lowercaseInput = lowercaseInput
        self.label = label
    }
}

/// Segment membership: true when the context is in any of the segments (then `negate` applies).
package struct SegmentTest: Sendable {
    package var segmentKeys: [String]
    package var negate: Bool
    /// Where the keys are written (key `i` at `path/i`), for unknown segments.
    package var path: JSONPointer
    /// Where the use of a malformed segment is reported.
    package var usePath: JSONPointer
    /// The test as written, for `explain`.
    package var label: TestLabel

    package init(segmentKeys: [String], negate: Bool, path: JSONPointer, usePath: JSONPointer, label: TestLabel) {
        self.segmentKeys = segmentKeys
        self.negate = negate
        self.path = path
        self.usePath = usePath
        self.label = label
    }
}

/// The context of a kind has one of these keys.
package struct ContextKeyTest: Sendable {
    package var contextKind: String
    package var keys: [String]

    package init(contextKind: String, keys: [String]) {
        self.contextKind = contextKind
        self.keys = keys
    }
}
