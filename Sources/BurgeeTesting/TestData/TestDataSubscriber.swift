import BurgeeCore

/// One client running a ``TestData`` source: the documents queued for it, in version order, and
/// how far it has applied them.
final class TestDataSubscriber: Sendable {
    /// A document to apply.
    struct Delivery: Sendable {
        let version: Int64
        let bytes: [UInt8]
    }

    private struct Progress {
        var applied: Int64 = -1
        var ended = false
        var waiters: [(version: Int64, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// The documents, in the order they were queued.
    let deliveries: AsyncStream<Delivery>
    private let continuation: AsyncStream<Delivery>.Continuation
    private let progress = Locked(Progress())

    init() {
        (deliveries, continuation) = AsyncStream.makeStream(of: Delivery.self, bufferingPolicy: .unbounded)
    }

    /// Queues a document; called with the test data's state locked, so that queues keep version order.
    func enqueue(_ delivery: Delivery) {
        continuation.yield(delivery)
    }

    /// Records that the document of `version` was applied, resuming those waiting for it.
    func markApplied(_ version: Int64) {
        let ready = progress.withLock { p in
            p.applied = max(p.applied, version)
            let (done, pending) = split(p.waiters) { $0.version <= version }
            p.waiters = pending
            return done
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Stops accepting documents; every waiter resumes, now and later.
    func end() {
        continuation.finish()
        let waiting = progress.withLock { p in
            p.ended = true
            defer { p.waiters = [] }
            return p.waiters
        }
        for waiter in waiting { waiter.continuation.resume() }
    }

    /// Returns once the document of `version` (or a later one) was applied, or the client stopped.
    func waitUntilApplied(_ version: Int64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = progress.withLock { p in
                if p.ended || p.applied >= version { return true }
                p.waiters.append((version, continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func split<T>(_ items: [T], _ predicate: (T) -> Bool) -> (matching: [T], rest: [T]) {
        var matching: [T] = []
        var rest: [T] = []
        for item in items {
            if predicate(item) { matching.append(item) } else { rest.append(item) }
        }
        return (matching, rest)
    }
}
