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
    /// The context falls inside a percentage of a bucketing family (Unleash's `flexibleRollout`
    /// and `gradualRollout*` strategies).
    case percentage(PercentageTest)
    /// A part that cannot be evaluated (LaunchDarkly's invalid attribute references): when
    /// evaluation reaches it, the flag's result is `ERROR/MALFORMED_FLAG`. Evaluated like a false
    /// condition, so that parts ANDed before it decide first, as LaunchDarkly's SDKs do.
    case malformed
    /// A compiled expression's value is truthy (a branch condition of flagd targeting).
    case expression(ExpressionTest)
    /// A part whose evaluation fails as the format's SDKs fail (Split's reference to a rule-based
    /// segment that does not exist): when evaluation reaches it, the flag's result is
    /// `ERROR/EXCEPTION`, as for ``malformed``.
    case exception
    /// Another flag, evaluated in full for the same context, serves one of a set of variations
    /// (Split's `IN_SPLIT_TREATMENT`).
    case flagServes(FlagServesTest)
    /// The external condition at this position of the flag whose rules hold it
    /// (``FlagInfo/externalConditions``), decided by the program's ``ExternalConditionSource``
    /// (Unleash's custom strategies).
    case external(Int)
}

/// A condition on the variation another flag serves for the same context.
package struct FlagServesTest: Sendable {
    /// The other flag's key.
    package var flagKey: String
    /// The keys of the variations accepted; keys the flag does not have are ignored.
    package var variationKeys: [String]
    /// Whether the flag serving no variation (missing, malformed, an error) is accepted too.
    package var acceptsNone: Bool
    /// The test as written, for `explain`.
    package var label: TestLabel

    package init(flagKey: String, variationKeys: [String], acceptsNone: Bool, label: TestLabel) {
        self.flagKey = flagKey
        self.variationKeys = variationKeys
        self.acceptsNone = acceptsNone
        self.label = label
    }
}

/// An expression condition: holds when the compiled expression's value is truthy, as the
/// expression's engine reads truth (``CompiledExpression``).
package struct ExpressionTest: Sendable {
    let expression: CompiledExpression

    init(expression: CompiledExpression) {
        self.expression = expression
    }
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
    /// When the attribute is absent, match the evaluation clock's instant instead (Unleash's
    /// `DATE_AFTER`/`DATE_BEFORE` read `currentTime`, else now). Only date operators use it; the
    /// clock is read at most once per evaluation, and only when such a test finds no attribute.
    package var absentReadsClock: Bool
    /// Whether an array value is given to the operator whole (Split's matchers, which read a
    /// list as one value) rather than matching when any element does.
    package var wholeValue: Bool

    package init(contextKind: String, attribute: AttributeReference, op: Operator, negate: Bool, absent: Absent,
                 lowercaseInput: Bool, label: TestLabel, absentReadsClock: Bool = false, wholeValue: Bool = false) {
        self.wholeValue = wholeValue
        self.contextKind = contextKind
        self.attribute = attribute
        self.op = op
        self.negate = negate
        self.absent = absent
        self.lowercaseInput = lowercaseInput
        self.label = label
        self.absentReadsClock = absentReadsClock
    }
}

/// A percentage of contexts: holds when the context's bucket falls inside it.
///
/// The bucket is taken from the first value of ``input`` the context has (or a random one); a
/// context with no value at all is outside. `pick` is arranged over `[inside, outside]` weights
/// for `bucketing`, index 0 meaning inside (as segment rollouts do): for Unleash's strategy family
/// that is `[pct, 100 - pct]`, inside iff `pct > 0 && bucket <= pct`.
package struct PercentageTest: Sendable {
    package var bucketing: BucketingFamily
    package var contextKind: String
    package var input: BucketInput
    package var pick: WeightedPick
    /// How `explain` shows the test.
    package var label: TestLabel

    package init(bucketing: BucketingFamily, contextKind: String, input: BucketInput, pick: WeightedPick, label: TestLabel) {
        self.bucketing = bucketing
        self.contextKind = contextKind
        self.input = input
        self.pick = pick
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
    /// Whether a key naming no segment simply never matches (LaunchDarkly) rather than making the
    /// flag or segment malformed (native).
    package var unknownSegmentsMatchNothing: Bool

    package init(segmentKeys: [String], negate: Bool, path: JSONPointer, usePath: JSONPointer, label: TestLabel,
                 unknownSegmentsMatchNothing: Bool = false) {
        self.segmentKeys = segmentKeys
        self.negate = negate
        self.path = path
        self.usePath = usePath
        self.label = label
        self.unknownSegmentsMatchNothing = unknownSegmentsMatchNothing
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
