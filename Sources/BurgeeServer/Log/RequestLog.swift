import NIOConcurrencyHelpers

/// The most recent requests in arrival order (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped), and how many
/// arrived in all. A record is completed when its answer is decided.
final class RequestLog: Sendable {
    private let records: NIOLockedValueBox<RecentEntries<RequestRecord>>

    /// A log keeping at most `capacity` records.
    init(capacity: Int) {
        records = NIOLockedValueBox(RecentEntries(capacity: capacity))
    }

    /// Adds a request as it arrives and returns its number, for ``complete(_:status:)``.
    func begin(_ record: RequestRecord) -> Int {
        records.withLockedValue { $0.append(record) }
    }

    /// Notes the fault a request met, before it acts: a client may see its effect at once.
    func noteFault(_ number: Int, _ fault: DefinitionsServer.Fault) {
        records.withLockedValue { $0.update(number) { $0.fault = fault } }
    }

    func complete(_ number: Int, status: Int?) {
        records.withLockedValue { $0.update(number) { $0.status = status } }
    }

    /// The records kept, oldest first.
    var all: [RequestRecord] {
        records.withLockedValue { $0.elements }
    }

    /// How many requests arrived, dropped records included.
    var total: Int {
        records.withLockedValue { $0.total }
    }
}
