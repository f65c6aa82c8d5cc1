import BurgeeCore

/// The visitor codes the next tracking run sends, as Kameleoon's SDKs keep their tracking
/// registry: a set, filled by tracked calls and `flush()`, emptied by each run. It is kept only
/// once a Kameleoon event destination runs the tracking (``enable()``), so that a client without
/// one registers nothing.
final class KameleoonTrackingRegistry: Sendable {
    /// The key of the custom event that a newly registered visitor queues: it makes the client's
    /// delivery run the tracking (see ``KameleoonTracker/register(_:)``).
    static let eventKey = "kameleoon.track"

    private struct Codes {
        var enabled = false
        var codes: [String] = []
        var members: Set<String> = []
    }

    private let state = Locked(Codes())

    /// Starts keeping codes: a Kameleoon destination will run the tracking.
    func enable() {
        state.withLock { $0.enabled = true }
    }

    /// Adds `code`; whether it was not registered yet (and registering is enabled).
    func add(_ code: String) -> Bool {
        state.withLock { state in
            guard state.enabled, state.members.insert(code).inserted else { return false }
            state.codes.append(code)
            return true
        }
    }

    /// Adds codes again (those of a run whose post failed).
    func add(contentsOf codes: [String]) {
        for code in codes { _ = add(code) }
    }

    /// Removes and returns every registered code, in the order they were registered.
    func extract() -> [String] {
        state.withLock { state in
            defer {
                state.codes = []
                state.members = []
            }
            return state.codes
        }
    }
}
