import Burgee
import BurgeeCore
import Synchronization

/// Keeps every batch in memory, for tests and for inspecting what the client would send.
public final class InMemoryEventSink: EventSink {
    private struct State {
        var batches: [EventBatch] = []
        var failuresLeft = 0
    }

    private let state = Mutex(State())

    /// An empty sink.
    public init() {}

    /// The batches received, in order.
    public var batches: [EventBatch] { state.withLock { $0.batches } }

    /// Every event received, in order.
    public var events: [AnalyticsEvent] { batches.flatMap(\.events) }

    /// The exposure events received.
    public var exposures: [ExposureEvent] {
        events.compactMap { if case .exposure(let e) = $0 { e } else { nil } }
    }

    /// The custom events received.
    public var customEvents: [CustomEvent] {
        events.compactMap { if case .custom(let e) = $0 { e } else { nil } }
    }

    /// The summaries received.
    public var summaries: [SummaryEvent] {
        events.compactMap { if case .summary(let s) = $0 { s } else { nil } }
    }

    /// Makes the next `count` deliveries fail (the batches are not kept).
    public func failNext(_ count: Int) {
        state.withLock { $0.failuresLeft = count }
    }

    /// Forgets what was received.
    public func removeAll() {
        state.withLock { $0.batches.removeAll() }
    }

    /// Keeps the batch, or fails when told to.
    public func send(_ batch: EventBatch) async throws {
        try state.withLock { state throws(InMemoryEventSinkFailure) in
            if state.failuresLeft > 0 {
                state.failuresLeft -= 1
                throw InMemoryEventSinkFailure()
            }
            state.batches.append(batch)
        }
    }
}

/// The failure ``InMemoryEventSink/failNext(_:)`` asked for.
public struct InMemoryEventSinkFailure: Error, Sendable {}
