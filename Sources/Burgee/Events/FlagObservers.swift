import BurgeeCore
import Synchronization

/// Contexts observed per flag, told when an update changes the value a flag serves them.
final class FlagObservers: Sendable {
    private struct Observer {
        let flagKey: String
        let context: Context
        let continuation: AsyncStream<FlagValueChange>.Continuation
    }

    private struct State {
        var observers: [Int: Observer] = [:]
        var nextID = 0
        var finished = false
    }

    private let state = Mutex(State())

    func observe(_ flagKey: String, context: Context) -> AsyncStream<FlagValueChange> {
        let (stream, continuation) = AsyncStream<FlagValueChange>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let id: Int? = state.withLock { s in
            guard !s.finished else { return nil }
            defer { s.nextID += 1 }
            s.observers[s.nextID] = Observer(flagKey: flagKey, context: context, continuation: continuation)
            return s.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Re-evaluates the observers of changed flags against both snapshots; yields where the value differs.
    func notify(changedFlags: Set<String>, old: Snapshot?, new: Snapshot) {
        guard !changedFlags.isEmpty else { return }
        let affected = state.withLock { s in s.observers.values.filter { changedFlags.contains($0.flagKey) } }
        for observer in affected {
            let before = old?.evaluate(observer.flagKey, context: observer.context).value ?? .null
            let after = new.evaluate(observer.flagKey, context: observer.context)
            if before != after.value {
                observer.continuation.yield(FlagValueChange(flagKey: observer.flagKey, oldValue: before,
                                                            newValue: after.value, reason: after.reason))
            }
        }
    }

    func finish() {
        let observers = state.withLock { s in
            s.finished = true
            defer { s.observers = [:] }
            return Array(s.observers.values)
        }
        for observer in observers { observer.continuation.finish() }
    }
}
