import BurgeeCore
import Synchronization

/// What evaluations read: the compiled snapshot (none until ready) and what is derived from it
/// once per update. Immutable; replaced whole.
package final class ClientState: Sendable {
    package let snapshot: Snapshot?
    /// `snapshot` again, read without a retain/release pair on the evaluation path (measured:
    /// docs/performance.md). Sound because `snapshot` keeps it alive as long as this state, and
    /// readers hold the state for their whole read.
    package let unretainedSnapshot: Unmanaged<Snapshot>?
    package let origin: ClientEvent.DefinitionsOrigin?
    /// Visible flag keys by flag set, sorted: built when first read, so that an update
    /// (a patch to one flag of thousands) does not pay for an index that only flag-set calls read.
    package var flagsBySet: [String: [String]] {
        bySet.withLock { cached in
            if let cached { return cached }
            var index: [String: [String]] = [:]
            snapshot?.forEachFlagInSets { key, sets in
                for set in sets { index[set, default: []].append(key) }
            }
            cached = index
            return index
        }
    }
    private let bySet = Locked<[String: [String]]?>(nil)
    /// The flags' event settings and summary counters, when the client records events.
    let eventTable: FlagEventTable?
    /// A number no other state of the process has: flag handles keep the index they resolved
    /// with the generation of the state they resolved it in.
    package let generation: UInt64

    /// The source of ``generation``s.
    private static let generations = Atomic<UInt64>(0)

    /// The state of `snapshot`. With `previous`, the state it replaces, and `changedFlags`, the
    /// flags whose definitions may differ between the two, what is derived per flag is read again
    /// for those flags only.
    /// `eventDetails`: the event table keeps each flag's ``FlagEventDetails`` too.
    package init(snapshot: Snapshot?, origin: ClientEvent.DefinitionsOrigin?, recordsEvents: Bool = false,
                 eventDetails: Bool = false, previous: ClientState? = nil, changedFlags: [String]? = nil) {
        self.snapshot = snapshot
        self.eventTable = recordsEvents
            ? snapshot.map {
                FlagEventTable(snapshot: $0, previous: previous?.eventTable, changed: changedFlags, withDetails: eventDetails)
            } : nil
        self.unretainedSnapshot = snapshot.map(Unmanaged.passUnretained)
        self.origin = origin
        generation = Self.generations.add(1, ordering: .relaxed).newValue
    }

    package static let notReady = ClientState(snapshot: nil, origin: nil)
}
