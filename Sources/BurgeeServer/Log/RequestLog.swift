import BurgeeCore

/// The most recent requests in arrival order (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped), and how many
/// arrived in all. A record is completed when its answer is decided.
final class RequestLog: Sendable {
    private let records: Locked<RecentEntries<RequestRecord>>

    /// A log keeping at most `capacity` records.
    init(capacity: Int) {
        records = Locked(RecentEntries(capacity: capacity))
    }

    /// Adds a request as it arrives and returns its number, for ``complete(_:status:)``.
    func begin(_ record: RequestRecord) -> Int {
        records.withLock { $0.append(record) }
    }

    /// Notes the fault a request met, before it acts: a client may see its effect at once.
    func noteFault(_ number: Int, _ fault: DefinitionsServer.Fault) {
        records.withLock { $0.update(number) { $0.fault = fault } }
    }

    func complete(_ number: Int, status: Int?) {
        records.withLock { $0.update(number) { $0.status = status } }
    }

    /// The records kept, oldest first.
    var all: [RequestRecord] {
        records.withLock { $0.elements }
    }

    /// How many requests arrived, dropped records included.
    var total: Int {
        records.withLock { $0.total }
    }
}
