// The records of a linked program. Flags, rules, conditions and the rest refer to each other by
// 32-bit indices into the program's tables, so the evaluator follows indices, never references.

/// A range of entries in one of the program's tables.
struct TableRange: Sendable {
    var start: Int32
    var count: Int32

    static let empty = TableRange(start: 0, count: 0)

    init(start: Int32, count: Int32) {
        self.start = start
        self.count = count
    }

var indices: Range<Int32> { start..<(start &+ count) }
}

/// What a rule or the fallthrough serves: a flag-local variation index, a rollout, a value
/// expression, or nothing (the caller's default).
struct ServeCode: Sendable {
    enum Kind: UInt8, Sendable {
        /// A fixed variation.
        case variation
        /// A rollout.
        case rollout
        /// A value expression.
        case expression
        /// No variation: the caller's default.
        case none
        /// Nothing that can be served: `ERROR/MALFORMED_FLAG` when reached (LaunchDarkly).
        case malformed
    }

    var kind: Kind
    /// The variation index (local to the flag), the rollout's index in ``Program/rollouts`` or the
    /// expression's in ``Program/expressions``.
    var index: Int32

    init(kind: Kind, index: Int32) {
        self.kind = kind
        self.index = index
    }

    init(isRollout: Bool, index: Int32) {
        self.init(kind: isRollout ? .rollout : .variation, index: index)
    }
}

/// A value expression ready to run (``ValueExpressionDraft``): a class read unretained, like
/// ``TestCode``.
final class ValueExpressionCode: Sendable {
    let expression: CompiledExpression
    /// Variation keys to flag-local indices.
    let variations: KeySet
    /// The `"true"` and `"false"` variations, -1 when the flag has none.
    let trueVariation: Int32
    let falseVariation: Int32
    /// -1: none, the caller's default.
    let defaultVariation: Int32

    init(_ draft: ValueExpressionDraft) {
        expression = draft.expression
        variations = KeySet(draft.variationKeys)
        trueVariation = draft.variationKeys.firstIndex(of: "true").map(Int32.init) ?? -1
        falseVariation = draft.variationKeys.firstIndex(of: "false").map(Int32.init) ?? -1
        defaultVariation = draft.defaultVariation.map(Int32.init) ?? -1
    }
}

/// One flag's logic.
struct FlagCode: Sendable {
    /// The ``offVariation`` of a flag whose off variation is out of range: serving it yields
    /// `ERROR/MALFORMED_FLAG`.
    static let malformedOffVariation: Int32 = -2

    let enabled: Bool
    let malformed: Bool
    /// The type the flag declares for its values, when its format declares one: a typed request
    /// for another type is `ERROR/WRONG_TYPE` unless the flag is off (``FlagDraft/declaredType``).
    let declaredType: ValueType?
    /// Whether the flag's outcome reads nothing of the context: it is off, or on with no
    /// prerequisite, no rule and a fixed variation to fall through to. Such a flag is answered
    /// by ``fixedOutcome`` without running the evaluator (most flags of a real product are
    /// plain toggles). Declared beside the other bytes, so that it takes what was padding (Swift
    /// lays fields out in their order).
    let readsNoContext: Bool
    /// -1 when the flag has none: it serves the default; ``malformedOffVariation`` when it is out of range.
    let offVariation: Int32
    /// The index of the flag's first variation in ``Program/values``.
    let variationBase: Int32
    let variationCount: Int32
    let prerequisites: TableRange
    let rules: TableRange
    let `fallthrough`: ServeCode

    init(enabled: Bool, malformed: Bool, declaredType: ValueType? = nil, offVariation: Int32, variationBase: Int32,
         variationCount: Int32, prerequisites: TableRange, rules: TableRange, fallthrough: ServeCode) {
        self.enabled = enabled
        self.malformed = malformed
        self.declaredType = declaredType
        self.offVariation = offVariation
        self.variationBase = variationBase
        self.variationCount = variationCount
        self.prerequisites = prerequisites
        self.rules = rules
        self.fallthrough = `fallthrough`
        readsNoContext = !malformed
            && (!enabled || (prerequisites.count == 0 && rules.count == 0 && `fallthrough`.kind == .variation))
    }

    /// The outcome of a flag that ``readsNoContext``, for any valid context.
    @inline(__always)
    var fixedOutcome: FlagOutcome {
        guard enabled else { return offOutcome(.off) }
        return FlagOutcome(variation: Int(self.fallthrough.index), kind: .fallthrough)
    }

    /// The off variation with reason `kind`; an off variation out of range is `ERROR/MALFORMED_FLAG`.
    @inline(__always)
    func offOutcome(_ kind: EvaluationReason.Kind, source: Int32 = -1) -> FlagOutcome {
        if offVariation == Self.malformedOffVariation { return FlagOutcome(error: .malformedFlag) }
        return FlagOutcome(variation: offVariation < 0 ? nil : Int(offVariation), kind: kind, source: source)
    }
}

/// A prerequisite: the flag (-1 when missing) and the flag-local variation it must serve (-1: none can).
struct PrerequisiteCode: Sendable {
    var flag: Int32
    var variation: Int32
    /// Whether it accepts any of the variations in `accepted` (in ``Program/prerequisiteVariations``),
    /// a disabled prerequisite flag counting as serving its off variation, instead of `variation`.
    var acceptsAnyOf: Bool = false
    var accepted: TableRange = .empty
    /// With `acceptsAnyOf`: whether a flag that serves no variation (missing, malformed, an
    /// error) is accepted too (Split's `control` among the accepted treatments).
    var acceptsNone: Bool = false
    /// With `acceptsAnyOf`: whether the flag is evaluated even when nothing can be accepted, as
    /// Split's SDKs do (its evaluation failing fails the dependant).
    var alwaysEvaluates: Bool = false
}

/// A target or a rule.
struct RuleCode: Sendable {
    var condition: Int32
    var serve: ServeCode
    var isTarget: Bool
    /// The rule's index among the flag's rules (targets not counted); -1 for a rule named by its
    /// label only.
    var ruleIndex: Int32
    var trackEvents: Bool
    /// The reason kind a match gives: `RULE_MATCH`, or `FALLTHROUGH` for a rule that ends the
    /// evaluation as if none had matched (``RuleDraft/Kind/exit(label:)``), or `OFF` for one that
    /// ends it as if the flag were off (``RuleDraft/Kind/off(label:)``).
    var matchKind: EvaluationReason.Kind = .ruleMatch

    /// Whether a match ends the evaluation as if no rule, or no flag, were there (a labelled exit).
    var isExit: Bool { matchKind != .ruleMatch }
}

/// A node of a condition tree.
struct ConditionCode: Sendable {
    enum Kind: UInt8, Sendable {
        /// Holds.
        case always
        /// `operands` is a range of child nodes in ``Program/conditionChildren``; all must hold.
        case all
        /// Any child must hold.
        case any
        /// `operands.start` is the child node.
        case not
        /// `operands.start` indexes ``Program/tests``.
        case test
        /// `operands.start` indexes ``Program/segmentTests``.
        case segmentMatch
        /// `operands.start` indexes ``Program/keyTests``.
        case contextKey
        /// `operands.start` indexes ``Program/rollouts``: a rollout without variations whose pick 0
        /// means inside; a context without a bucketing value is outside.
        case percentage
        /// `operands.start` indexes ``Program/expressionTests``: holds when the expression is truthy.
        case expression
        /// `operands.start` indexes ``Program/flagTests``: holds when the other flag serves one of
        /// the accepted variations.
        case flagServes
        /// `operands.start` is a position in the ``FlagInfo/externalConditions`` of the flag whose
        /// rules hold the node, `operands.count` that flag's index: holds when the program's
        /// ``ExternalConditionSource`` says so.
        case external
        /// Cannot be evaluated: reaching it makes the flag's result `ERROR/EXCEPTION`.
        case exception
        /// Cannot be evaluated: reaching it makes the flag's result `ERROR/MALFORMED_FLAG`.
        case malformed
    }

    var kind: Kind
    var operands: TableRange
}

/// An attribute test ready to run. A class, referred to unretained from ``Program/tests``, so that
/// its operator and attribute are read as `let` properties of an object: borrowed, never copied
/// (a copy would write the shared operands' reference counts from every core).
final class TestCode: Sendable {
    let contextKind: ContextKindName
    let attribute: AttributeReference
    let op: Operator
    let negate: Bool
    let negateWhenAbsent: Bool
    let lowercaseInput: Bool
    /// An absent attribute is replaced by the evaluation clock's instant.
    let absentReadsClock: Bool
    /// Whether an array value is given to the operator whole rather than element by element.
    let wholeValue: Bool
    /// Whether a string value is compared by its UTF-8 bytes, read in place: a top-level
    /// attribute, not lowercased, under an operator that compares bytes (`in`, the string tests).
    let comparesStringBytes: Bool
    /// Whether the operator reads a value parsed once by a prepared context
    /// (``Operator/attributeParses``): a top-level attribute under a version or date operator.
    let readsParsedValue: Bool

    init(contextKind: ContextKindName, attribute: AttributeReference, op: Operator, negate: Bool, negateWhenAbsent: Bool,
         lowercaseInput: Bool, absentReadsClock: Bool = false, wholeValue: Bool = false) {
        self.wholeValue = wholeValue
        self.contextKind = contextKind
        self.attribute = attribute
        self.op = op
        self.negate = negate
        self.negateWhenAbsent = negateWhenAbsent
        self.lowercaseInput = lowercaseInput
        self.absentReadsClock = absentReadsClock
        var isName = false
        if case .name = attribute.storage { isName = true }
        comparesStringBytes = isName && !lowercaseInput && op.comparesStringBytes
        readsParsedValue = isName && !lowercaseInput && !op.attributeParses.isEmpty
    }
}

/// A reference from a program table to an object the program owns (in ``Program/owners``),
/// read without touching its reference count.
struct Owned<Object: AnyObject & Sendable>: @unchecked Sendable {
    // Sound: the object is immutable and Sendable, and the program keeps it alive as long as any
    // table that holds this reference.
    let reference: Unmanaged<Object>

    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    @inline(__always)
    func read<R>(_ body: (Object) -> R) -> R {
        reference._withUnsafeGuaranteedRef(body)
    }
}

/// Segment membership: segments in ``Program/segmentReferences``.
struct SegmentTestCode: Sendable {
    var segments: TableRange
    var negate: Bool
}

/// The key of a kind's context is in a set.
struct KeyTestCode: Sendable {
    var contextKind: Owned<ContextKindName>
    var keys: Owned<KeySet>

    /// Whether `key` is in the set.
    @inline(__always)
    func contains(_ key: String) -> Bool {
        keys.read { $0.contains(key) }
    }

    var count: Int { keys.read { $0.count } }
}

/// A rollout of a flag (variations, flag-local, in ``Program/rolloutVariations``) or of a segment
/// rule (no variations: pick 0 lets the context in). A class read unretained, like ``TestCode``.
final class RolloutCode: Sendable {
    let bucketing: BucketingFamily
    let contextKind: ContextKindName
    /// The attribute bucketed (`random` for a draw that is random only, never read then).
    /// Not optional: binding an optional `let` of a shared object would copy it, retaining it.
    let bucketBy: AttributeReference
    /// Whether the draw is random only: no attribute is read.
    let randomOnly: Bool
    let pick: WeightedPick
    let variations: TableRange
    let isExperiment: Bool
    /// Attributes tried after `bucketBy` (``BucketInput``); empty for native rollouts.
    let fallbacks: [AttributeReference]
    /// Whether a random value stands in when no attribute is present.
    let random: Bool
    /// Whether there is anything to try after `bucketBy`: one test on the hot path.
    let hasFallback: Bool
    /// Per variation, whether picking it keeps an experiment's result out of the experiment; empty when none does.
    let untracked: [Bool]
    /// For a segment rule's rollout: a context without a context of `contextKind` is outside.
    let requiresContextKind: Bool

    init(bucketing: BucketingFamily, contextKind: ContextKindName, bucketBy: AttributeReference?, pick: WeightedPick,
         variations: TableRange, isExperiment: Bool, fallbacks: [AttributeReference] = [], random: Bool = false,
         untracked: [Bool] = [], requiresContextKind: Bool = false) {
        self.untracked = untracked
        self.requiresContextKind = requiresContextKind
        self.bucketing = bucketing
        self.contextKind = contextKind
        self.bucketBy = bucketBy ?? AttributeReference(literal: "random")
        randomOnly = bucketBy == nil
        self.pick = pick
        self.variations = variations
        self.isExperiment = isExperiment
        self.fallbacks = fallbacks
        self.random = random
        hasFallback = !fallbacks.isEmpty || random
    }
}

/// A segment: its entries in ``Program/segmentEntries``.
struct SegmentCode: Sendable {
    var entries: TableRange
    var malformed: Bool
    /// A LaunchDarkly unbounded (big) segment (``UnboundedSegment``): the kind it applies to.
    var unboundedKind: Owned<ContextKindName>? = nil
    /// For an unbounded segment, whether it has a `generation`, and that generation.
    var hasGeneration: Bool = false
    var generation: Int64 = 0
}

/// One entry of a segment's decision list.
struct SegmentEntryCode: Sendable {
    var condition: Int32
    var includes: Bool
    /// -1 for none, else an index into ``Program/rollouts``.
    var rollout: Int32
    var decision: SegmentDecision
}



/// A context kind as tests name it: compared with a context's kind by hash, then UTF-8 bytes.
final class ContextKindName: Sendable {
    let name: String
    let utf8: [UInt8]
    let hash: UInt64

    init(_ name: String) {
        self.name = name
        utf8 = Array(name.utf8)
        hash = ByteHash.hash(name)
    }
}
