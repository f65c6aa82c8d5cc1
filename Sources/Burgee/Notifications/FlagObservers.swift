import BurgeeCore

/// Contexts observed per flag, told when an update changes the value a flag serves them.
final class FlagObservers: Sendable {
    struct Observation: Sendable {
        let flagKey: String
        let context: Context
    }

    private let subscribers = SubscriberList<FlagValueChange, Observation>(bufferSize: 1024)

    func observe(_ flagKey: String, context: Context) -> AsyncStream<FlagValueChange> {
        subscribers.subscribe(Observation(flagKey: flagKey, context: context))
    }

    /// Re-evaluates the observers of changed flags against both snapshots; yields where the value differs.
    func notify(changedFlags: Set<String>, old: Snapshot?, new: Snapshot) {
        guard !changedFlags.isEmpty else { return }
        for observer in subscribers.subscribers(where: { changedFlags.contains($0.flagKey) }) {
            let key = observer.tag.flagKey, context = observer.tag.context
            let before = old?.evaluate(key, context: context).value ?? .null
            let after = new.evaluate(key, context: context)
            if before != after.value {
                observer.continuation.yield(FlagValueChange(flagKey: key, oldValue: before, newValue: after.value,
                                                            reason: after.reason))
            }
        }
    }

    func finish() {
        subscribers.finish()
    }
}
