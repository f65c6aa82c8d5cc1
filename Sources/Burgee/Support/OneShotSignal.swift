import BurgeeCore

/// Fires once; every waiter, earlier or later, then resumes. Waiting ends early on cancellation.
final class OneShotSignal: Sendable {
    private struct State {
        var fired = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    func fire() {
        let waiters = state.withLock { s in
            s.fired = true
            defer { s.waiters = [:] }
            return Array(s.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        let id = state.withLock { s in
            defer { s.nextID += 1 }
            return s.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { s in
                    if s.fired || Task.isCancelled { return true }
                    s.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
