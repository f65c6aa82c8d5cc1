/// Where the members of unbounded segments are looked up (LaunchDarkly's big segments, whose
/// members live in a store rather than in the definitions).
///
/// An evaluation that reaches an unbounded segment for a context with a key of the segment's kind
/// asks ``memberships(ofKey:)`` once per segment: the source caches, so that asking again costs a
/// lookup. The source may block the calling thread for one store query on a miss, bounded by its
/// own timeout; it is never asked by evaluations that reach no unbounded segment.
package protocol SegmentMembershipSource: AnyObject, Sendable {
    /// Every segment the store lists `key` under, and how current the store is.
    func memberships(ofKey key: String) -> SegmentMemberships
}

/// What a ``SegmentMembershipSource`` knows of one context key.
package struct SegmentMemberships: Sendable {
    /// The segments the key is listed in, by segment key and generation: `true` included, `false`
    /// excluded. `nil` when the store could not be queried; empty when it lists the key nowhere.
    /// Read by key and generation, so that a lookup builds no reference text.
    package var references: [String: [Int64: Bool]]?
    /// How current the answer is, reported in the evaluation's reason.
    package var status: EvaluationReason.BigSegmentsStatus

    package init(references: [String: [Int64: Bool]]?, status: EvaluationReason.BigSegmentsStatus) {
        self.references = references
        self.status = status
    }
}

extension EvaluationReason.BigSegmentsStatus {
    /// Of two statuses of one evaluation's queries, the more troubling one, which the reason
    /// reports: not configured, then a store error, then stale, then healthy (LaunchDarkly's Go
    /// evaluator; its Python SDK keeps the last one).
    package func worse(_ other: Self?) -> Self {
        Self(code: max(code, other?.code ?? 0))!
    }

    /// The status as one byte that orders statuses by how troubling they are, 0 standing for none:
    /// what an evaluation keeps, so that evaluations that consult no big segment carry a zero byte
    /// (as the flag it replaced) and combining two statuses is `max`.
    @inline(__always)
    package var code: UInt8 {
        switch self {
        case .healthy: 1
        case .stale: 2
        case .storeError: 3
        case .notConfigured: 4
        }
    }

    /// The status of a ``code``; `nil` for 0 (none).
    package init?(code: UInt8) {
        switch code {
        case 1: self = .healthy
        case 2: self = .stale
        case 3: self = .storeError
        case 4: self = .notConfigured
        default: return nil
        }
    }
}
