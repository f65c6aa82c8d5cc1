import BurgeeCore

/// Injected faults per endpoint, first in first out, each for a number of requests.
final class FaultQueue: Sendable {
    private struct Entry {
        var fault: DefinitionsServer.Fault
        var remaining: Int
    }

    private let queues = Locked<[DefinitionsServer.Endpoint: [Entry]]>([:])

    func inject(_ fault: DefinitionsServer.Fault, on endpoint: DefinitionsServer.Endpoint, times: Int) {
        guard times > 0 else { return }
        queues.withLock { $0[endpoint, default: []].append(Entry(fault: fault, remaining: times)) }
    }

    /// The fault for the next request to `endpoint`, if any, used up by this call.
    func next(for endpoint: DefinitionsServer.Endpoint) -> DefinitionsServer.Fault? {
        queues.withLock { q in
            guard var entries = q[endpoint], !entries.isEmpty else { return nil }
            let fault = entries[0].fault
            entries[0].remaining -= 1
            if entries[0].remaining == 0 { entries.removeFirst() }
            q[endpoint] = entries
            return fault
        }
    }

    /// How many requests to `endpoint` will still meet a fault.
    func pending(for endpoint: DefinitionsServer.Endpoint) -> Int {
        queues.withLock { q in q[endpoint, default: []].reduce(0) { $0 + $1.remaining } }
    }

    func clear() {
        queues.withLock { $0.removeAll() }
    }
}
