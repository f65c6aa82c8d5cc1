import Synchronization

/// Every request in arrival order; a record is completed when its answer is decided.
final class RequestLog: Sendable {
    private let records = Mutex<[RequestRecord]>([])

    /// Adds a request as it arrives and returns its position, for ``complete(_:status:)``.
    func begin(_ record: RequestRecord) -> Int {
        records.withLock { r in
            r.append(record)
            return r.count - 1
        }
    }

    /// Notes the fault a request met, before it acts: a client may see its effect at once.
    func noteFault(_ index: Int, _ fault: DefinitionsServer.Fault) {
        records.withLock { $0[index].fault = fault }
    }

    func complete(_ index: Int, status: Int?) {
        records.withLock { $0[index].status = status }
    }

    var all: [RequestRecord] {
        records.withLock { $0 }
    }
}
