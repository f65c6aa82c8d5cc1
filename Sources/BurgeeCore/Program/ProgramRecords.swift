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

/// What a rule or the fallthrough serves: a flag-local variation index, or a rollout.

struct ServeCode: Sendable {
    var isRollout: Bool
    /// The variation index (local to the flag) or the rollout's index in ``Program/rollouts``.
    var index: Int32

    init(isRollout: Bool, index: Int32) {
        self.isRollout = isRollout
        self.index = index
    }
}

/// One flag's logic.

struct FlagCode: Sendable {
    var enabled: Bool
    var malformed: Bool
    /// -1 when the flag has none: it serves the default.
    var offVariation: Int32
    /// The index of the flag's first variation in ``Program/values``.
    var variationBase: Int32
    var variationCount: Int32
    var prerequisites: TableRange
    var rules: TableRange
    var `fallthrough`: ServeCode
}

/// A prerequisite: the flag (-1 when missing) and the flag-local variation it must serve (-1: none can).

struct PrerequisiteCode: Sendable {
    var flag: Int32
    var variation: Int32
}

/// A target or a rule.

struct RuleCode: Sendable {
    var condition: Int32
    var serve: ServeCode
    var isTarget: Bool
    /// The rule's index among the flag's rules (targets not counted).
    var ruleIndex: Int32
    var trackEvents: Bool
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
    }

    var kind: Kind
    var operands: TableRange
}

/// An attribute test ready to run.

struct TestCode: Sendable {
    var contextKind: String
    var attribute: AttributeReference
    var op: Operator
    var negate: Bool
    var negateWhenAbsent: Bool
    var lowercaseInput: Bool
}

/// Segment membership: segments in ``Program/segmentReferences``.

struct SegmentTestCode: Sendable {
    var segments: TableRange
    var negate: Bool
}

/// The key of a kind's context is in a set.

struct KeyTestCode: Sendable {
    var contextKind: String
    /// Kept alive by ``Program/keySets``; read without a reference count.
    var keys: Unmanaged<KeySet>

    /// Whether `key` is in the set.
    @inline(__always)
    func contains(_ key: String) -> Bool {
        keys._withUnsafeGuaranteedRef { $0.contains(key) }
    }

    var count: Int { keys._withUnsafeGuaranteedRef { $0.count } }
}

/// A rollout: variations (flag-local indices) in ``Program/rolloutVariations``.

struct RolloutCode: Sendable {
    var bucketing: BucketingFamily
    var contextKind: String
    var bucketBy: AttributeReference
    var pick: WeightedPick
    var variations: TableRange
    var isExperiment: Bool
}

/// A segment: its entries in ``Program/segmentEntries``.

struct SegmentCode: Sendable {
    var entries: TableRange
    var malformed: Bool
}

/// One entry of a segment's decision list.

struct SegmentEntryCode: Sendable {
    var condition: Int32
    var includes: Bool
    /// -1 for none, else an index into ``Program/segmentRollouts``.
    var rollout: Int32
    var decision: SegmentDecision
}

/// A segment rule's rollout.

struct SegmentRolloutCode: Sendable {
    var bucketing: BucketingFamily
    var contextKind: String
    var bucketBy: AttributeReference
    var pick: WeightedPick
}
