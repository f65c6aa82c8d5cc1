/// One flag as a format lowered it: variations by index, conditions, serves.
package struct FlagDraft: Sendable {
    /// The flag key.
    package var key: String
    /// Where the flag sits in its document, for problems found while linking.
    package var path: JSONPointer
    /// Problems found so far; any error makes the flag malformed.
    package var problems: [DefinitionProblem]
    /// Whether the flag is on.
    package var enabled: Bool
    /// The variations, by index.
    package var variations: [VariationDraft]
    /// The variation served when the flag is off or a prerequisite fails; `nil` serves the default.
    /// A negative index is one the format gave out of range (LaunchDarkly): serving it yields
    /// `ERROR/MALFORMED_FLAG`, only when the flag is off or a prerequisite fails.
    package var offVariation: Int?
    /// Prerequisites, checked in order.
    package var prerequisites: [PrerequisiteDraft]
    /// Targets and rules, checked in order; the first whose condition holds serves.
    package var rules: [RuleDraft]
    /// What serves when no rule does; `nil` only for a malformed flag.
    package var `fallthrough`: ServeDraft?
    /// Metadata kept off the evaluation path.
    package var info: FlagInfo
    /// Whether the definition itself could not be read, so that its variations may be missing:
    /// a prerequisite naming one of them then reports nothing more.
    package var unreadable: Bool = false
    /// The labels of the flag's outcomes, for a format whose results carry labels (Split's).
    package var outcomeLabels: OutcomeLabels? = nil
    /// The type the flag declares for its values, for a format whose flags declare one: a typed
    /// request for another type is then `ERROR/WRONG_TYPE` whatever is served (a default
    /// included), unless the flag is off; `nil`: the served value's type decides.
    package var declaredType: ValueType? = nil
    /// Segments and flags whose conditions the lowering wrote into this flag's rules (Unleash's
    /// segments, a parent's strategies): change detection follows them as it follows a segment
    /// test or a prerequisite.
    package var inlined: (segments: [String], flags: [String]) = ([], [])

    package init(key: String, path: JSONPointer, problems: [DefinitionProblem] = [], enabled: Bool,
                 variations: [VariationDraft], offVariation: Int?, prerequisites: [PrerequisiteDraft] = [],
                 rules: [RuleDraft] = [], fallthrough: ServeDraft?, info: FlagInfo) {
        self.key = key
        self.path = path
        self.problems = problems
        self.enabled = enabled
        self.variations = variations
        self.offVariation = offVariation
        self.prerequisites = prerequisites
        self.rules = rules
        self.fallthrough = `fallthrough`
        self.info = info
    }

    /// Whether an error has been recorded.
    package var hasErrors: Bool { problems.contains { $0.severity == .error } }
}

/// The labels that a format whose results carry labels gives the outcomes that no rule names.
package struct OutcomeLabels: Sendable, Equatable {
    /// The flag is off.
    package var off: String
    /// A prerequisite failed.
    package var prerequisiteFailed: String
    /// No rule matched.
    package var `fallthrough`: String
    /// The evaluation went round a cycle.
    package var cycle: String?

    package init(off: String, prerequisiteFailed: String, fallthrough: String, cycle: String? = nil) {
        self.off = off
        self.prerequisiteFailed = prerequisiteFailed
        self.fallthrough = `fallthrough`
        self.cycle = cycle
    }
}

/// A variation: its value, and its key where the format names variations (LaunchDarkly's have none).
package struct VariationDraft: Sendable {
    package var key: String?
    package var value: JSONValue

    package init(key: String?, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A prerequisite: another flag that must be on and serve one of its variations.
package struct PrerequisiteDraft: Sendable {
    /// How the required variation is named.
    package enum Variation: Sendable {
        /// By key, resolved against the prerequisite flag's variations when linking (native).
        case key(String)
        /// By index (LaunchDarkly).
        case index(Int)
        /// Any of these indices (Unleash dependencies, which accept a parent's `enabled` state
        /// and a set of its variants). Unlike the other two, a disabled prerequisite flag counts
        /// as serving its off variation rather than failing outright. No index: always fails,
        /// without evaluating the prerequisite flag (and without linking to it, so no cycle).
        case anyOf([Int])
        /// Any of the variations with these keys, resolved when linking (keys the flag does not
        /// have are ignored), as ``anyOf(_:)`` does, but the flag is always evaluated, even when it
        /// has none of them (its evaluation may fail the dependant's); with `acceptsNone`, a
        /// prerequisite flag that is missing or serves no variation passes too (Split's `control`
        /// among the treatments).
        case anyOfKeys([String], acceptsNone: Bool)
    }

    package var flagKey: String
    package var variation: Variation
    /// Where the prerequisite is written, for problems.
    package var path: JSONPointer

    package init(flagKey: String, variation: Variation, path: JSONPointer) {
        self.flagKey = flagKey
        self.variation = variation
        self.path = path
    }
}

/// A target or a rule: a condition and what it serves.
package struct RuleDraft: Sendable {
    /// Which reason a match gives.
    package enum Kind: Sendable {
        /// `TARGET_MATCH`.
        case target
        /// `RULE_MATCH` with this rule's index among the flag's rules and its id.
        case rule(index: Int, id: String?)
        /// `RULE_MATCH` named by the rule's label rather than its index (Split's conditions, whose
        /// label may be missing).
        case labelled(String?)
        /// `FALLTHROUGH` with the rule's label: a rule whose match ends the evaluation as if no
        /// rule had matched (Split's traffic allocation, whose keys outside it get the default).
        case exit(label: String)
        /// `OFF` with the rule's label: a rule whose match ends the evaluation as if the flag were
        /// off (Kameleoon's consent blocking, which its SDKs report as a disabled flag). Serves
        /// what the rule serves, usually ``ServeDraft/none``.
        case off(label: String)
    }

    package var kind: Kind
    package var condition: Condition
    package var serve: ServeDraft
    /// Whether a match forces exposure events (LaunchDarkly's rule-level `trackEvents`).
    package var trackEvents: Bool

    package init(kind: Kind, condition: Condition, serve: ServeDraft, trackEvents: Bool = false) {
        self.kind = kind
        self.condition = condition
        self.serve = serve
        self.trackEvents = trackEvents
    }
}

/// What a rule or the fallthrough serves.
package enum ServeDraft: Sendable {
    /// A fixed variation, by index.
    case variation(Int)
    /// A variation picked by bucketing.
    case rollout(RolloutDraft)
    /// Nothing that can be served (LaunchDarkly: a variation index out of range, a rollout without
    /// variations, no fallthrough): serving it yields `ERROR/MALFORMED_FLAG`, only when reached.
    case malformed
    /// A variation named at evaluation time by a compiled expression (flagd targeting).
    case expression(ValueExpressionDraft)
    /// No variation: the caller's default (flagd's flag without a default variant).
    case none
}

/// An expression whose value names the variation served (flagd targeting that is not a constant
/// `if` chain): a string names a variation, `true`/`false` name the `"true"`/`"false"` variations
/// and a number the variation written as its text; `null` serves `defaultVariation` (no variation
/// when `nil`); anything else is an evaluation error.
package struct ValueExpressionDraft: Sendable {
    let expression: CompiledExpression
    /// The flag's variation keys, by index.
    package var variationKeys: [String]
    package var defaultVariation: Int?

    init(expression: CompiledExpression, variationKeys: [String], defaultVariation: Int?) {
        self.expression = expression
        self.variationKeys = variationKeys
        self.defaultVariation = defaultVariation
    }
}

/// A rollout: which value of which context kind to bucket, how, and the weighted variations.
package struct RolloutDraft: Sendable {
    package var bucketing: BucketingFamily
    package var contextKind: String
    package var bucketBy: AttributeReference
    /// Variation indices and their weights, in pick order. A negative index is one the format
    /// gave out of range: picking it yields `ERROR/MALFORMED_FLAG`.
    package var variations: [Int]
    package var weights: [UInt64]
    /// An experiment: `inExperiment` when it picked for a context of its kind.
    package var isExperiment: Bool
    /// Per entry of `variations`, whether picking it keeps the result out of the experiment
    /// (LaunchDarkly's `untracked`); empty when none is.
    package var untracked: [Bool] = []

    /// Attributes tried in order when `bucketBy` is absent, and whether a random value stands in
    /// when all are (Unleash's stickiness chains). Empty and `false` for native rollouts: an
    /// absent value then lands in the family's zero bucket.
    package var fallback: BucketInput

    package init(bucketing: BucketingFamily, contextKind: String, bucketBy: AttributeReference,
                 variations: [Int], weights: [UInt64], isExperiment: Bool,
                 fallback: BucketInput = BucketInput(attributes: [], random: false)) {
        self.bucketing = bucketing
        self.contextKind = contextKind
        self.bucketBy = bucketBy
        self.variations = variations
        self.weights = weights
        self.isExperiment = isExperiment
        self.fallback = fallback
    }
}

/// What the program keeps of a flag beside its logic: read by the SDK, never while evaluating.
package struct FlagInfo: Sendable {
    package var version: Int64
    package var trackEvents: Bool
    package var sets: [String]
    package var metadata: [String: JSONValue]
    /// The variables of each variation, by variation index.
    package var variables: [[String: JSONValue]]
    /// The vendor payload of each variation, by variation index (Unleash's variant
    /// `{"type","value"}`); empty for formats without payloads.
    package var payloads: [JSONValue?]
    /// The OpenFeature reason of the fallthrough when the format fixes it (flagd: `STATIC` for a
    /// flag without targeting, `DEFAULT` when targeting yields `null`, `TARGETING_MATCH` for the
    /// last branch of an `if` chain); `nil` for formats that do not.
    package var openFeatureFallthroughReason: String? = nil
    /// The OpenFeature reason of each rule's result, by rule index, when the format fixes it (a
    /// UFC allocation: `STATIC`, `SPLIT` or `TARGETING_MATCH`); empty for formats that do not.
    package var openFeatureRuleReasons: [String] = []
    /// What the format keeps of each rule for its own results, by rule index (a UFC
    /// allocation's key, reason and `doLog`); empty for formats that keep nothing.
    package var rulePayloads: [JSONValue] = []
    /// What an exposure of each rule's result carries, by rule index, for formats whose rules
    /// say it (a UFC allocation): ``rulePayloads``' members that every logged call reads, read
    /// once here; empty for formats without.
    package var ruleExposures: [RuleExposure] = []
    /// The conditions the flag's rules name by position (``Condition/external(_:)``), in order:
    /// Unleash's custom strategies, as Yggdrasil numbers them.
    package var externalConditions: [ExternalCondition] = []
    /// Whether a `FALLTHROUGH` result forces an exposure event (LaunchDarkly's `trackEventsFallthrough`).
    package var trackEventsFallthrough: Bool = false
    /// Whether the flag's evaluations are to be counted and not recorded one by one (Split's
    /// `impressionsDisabled`): exposures carry the mark, and destinations that know it count them
    /// without sending them.
    package var countsOnly: Bool = false
    /// Until when (Unix milliseconds) debug events are asked for (LaunchDarkly's `debugEventsUntilDate`).
    package var debugEventsUntilDate: Int64? = nil
    /// Whether its evaluations are left out of summaries (LaunchDarkly's `excludeFromSummaries`).
    package var excludeFromSummaries: Bool = false
    /// 1 in how many of its forced and debug exposures leave (LaunchDarkly's `samplingRatio`;
    /// `nil`: every one, 0 or less: none).
    package var samplingRatio: Int64? = nil
    /// Which client-side SDKs may see the flag (LaunchDarkly's `clientSideAvailability`); `nil`
    /// for formats without the notion: every client may.
    package var clientSideAvailability: ClientSideAvailability? = nil

    package init(version: Int64, trackEvents: Bool, sets: [String], metadata: [String: JSONValue],
                 variables: [[String: JSONValue]], payloads: [JSONValue?] = []) {
        self.version = version
        self.trackEvents = trackEvents
        self.sets = sets
        self.metadata = metadata
        self.variables = variables
        self.payloads = payloads
    }
}

/// Which of LaunchDarkly's client-side SDKs may evaluate a flag: those using the environment's
/// client-side ID (JavaScript) and those using a mobile key.
package struct ClientSideAvailability: Sendable, Hashable {
    package var usingEnvironmentId: Bool
    package var usingMobileKey: Bool

    package init(usingEnvironmentId: Bool, usingMobileKey: Bool) {
        self.usingEnvironmentId = usingEnvironmentId
        self.usingMobileKey = usingMobileKey
    }
}

/// What an exposure of one rule's result carries: whether the rule's results are logged, the key
/// they are logged under (a UFC allocation's) and the serial id of what was served.
package struct RuleExposure: Sendable, Equatable {
    /// Whether a result of the rule is logged.
    package var logged: Bool
    /// The key the result is logged under.
    package var key: String
    /// The served part's serial id; `null` when it has none.
    package var serialId: JSONValue
}
