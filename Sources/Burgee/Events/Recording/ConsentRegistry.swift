import BurgeeCore
import Synchronization

/// Tracking consent by context: a default for the client and exceptions by kind and key.
///
/// When the default is granted and no context is denied, checks cost one atomic load.
final class ConsentRegistry: Sendable {
    private struct Identity: Hashable {
        let kind: String
        let key: String
    }

    private struct State {
        var defaultConsent: EventsConfiguration.TrackingConsent
        var exceptions: [Identity: EventsConfiguration.TrackingConsent] = [:]
        var denials = 0

        var grantsEveryone: Bool { defaultConsent == .granted && denials == 0 }
    }

    private let state: Locked<State>
    private let grantsEveryone: Synchronization.Atomic<Bool>

    init(default consent: EventsConfiguration.TrackingConsent) {
        state = Locked(State(defaultConsent: consent))
        grantsEveryone = Synchronization.Atomic(consent == .granted)
    }

    /// Whether events carrying this context's keys may be recorded and sent: every part of a
    /// multi-context must allow it.
    @inline(__always)
    func allows(_ context: Context) -> Bool {
        if grantsEveryone.load(ordering: .acquiring) { return true }
        return state.withLock { state in
            context.contexts.allSatisfy { single in
                (state.exceptions[Identity(kind: single.kind, key: single.key)] ?? state.defaultConsent) == .granted
            }
        }
    }

    /// Sets the consent of every part of `context`; `nil` returns them to the default.
    func set(_ consent: EventsConfiguration.TrackingConsent?, for context: Context) {
        update { state in
            for single in context.contexts {
                let identity = Identity(kind: single.kind, key: single.key)
                if state.exceptions[identity] == .denied { state.denials -= 1 }
                if consent == .denied { state.denials += 1 }
                state.exceptions[identity] = consent
            }
        }
    }

    /// Sets the default consent.
    func setDefault(_ consent: EventsConfiguration.TrackingConsent) {
        update { $0.defaultConsent = consent }
    }

    var defaultConsent: EventsConfiguration.TrackingConsent { state.withLock { $0.defaultConsent } }

    private func update(_ body: (inout State) -> Void) {
        state.withLock { state in
            body(&state)
            grantsEveryone.store(state.grantsEveryone, ordering: .releasing)
        }
    }
}
