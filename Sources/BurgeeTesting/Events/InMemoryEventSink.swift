import Burgee
import BurgeeCore

/// Keeps every batch in memory, for tests and for inspecting what the client would send.
///
/// Give it to a client as ``Burgee/EventDestination/inMemory(_:)``, call `client.flush()`, then
/// read ``recorded(_:)``.
public final class InMemoryEventSink: EventSink {
    private struct State {
        var batches: [EventBatch] = []
        var failuresLeft = 0
    }

    private let state = Locked(State())

    /// An empty sink.
    public init() {}

    /// The events received, in order, each as the JSON object the HTTP destination posts
    /// (docs/events.md): only those of `kind` (`"exposure"`, `"custom"` or `"summary"`) when given.
    public func recorded(_ kind: String? = nil) -> [JSONValue] {
        events.compactMap { event in
            guard let json = try? JSONValue(parsing: event.jsonText) else { return JSONValue?.none }
            guard let kind else { return json }
            return json.objectValue?["kind"] == .string(kind) ? json : JSONValue?.none
        }
    }

    /// The batches received, in order.
    package var batches: [EventBatch] { state.withLock { $0.batches } }

    /// Every event received, in order.
    package var events: [AnalyticsEvent] { batches.flatMap(\.events) }

    /// The exposure events received.
    package var exposures: [ExposureEvent] {
        events.compactMap { if case .exposure(let e) = $0 { e } else { nil } }
    }

    /// The custom events received.
    package var customEvents: [CustomEvent] {
        events.compactMap { if case .custom(let e) = $0 { e } else { nil } }
    }

    /// The summaries received.
    package var summaries: [SummaryEvent] {
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
    package func send(_ batch: EventBatch) async throws {
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

extension EventDestination {
    /// Every batch kept in `sink`, for tests.
    public static func inMemory(_ sink: InMemoryEventSink) -> EventDestination {
        .sink(sink)
    }
}
