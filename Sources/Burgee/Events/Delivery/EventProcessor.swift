import BurgeeCore
import Logging
import Synchronization

/// The delivery side of events: takes queued events in batches, adds the interval's summary, and
/// hands them to the sink, one delivery at a time, every flush interval, when a batch is full, on
/// ``flush()`` and on ``close()``.
final class EventProcessor: Sendable {
    private struct Stats {
        var delivered = 0
        var droppedDelivery = 0
        var summariesDelivered = 0
        var failedBatches = 0
        var lastError: String?
        var droppedReported = 0
        var summaryStart: Int64
    }

    let recorder: EventRecorder
    private let sink: any EventSink
    private let currentTable: @Sendable () -> FlagEventTable?
    private let maxBatchSize: Int
    private let flushInterval: Duration
    /// How often contexts are noticed afresh, when the destination announces them.
    private let noticePeriod: Duration?
    private let closeTimeout: Duration
    /// Times the flush interval and the close timeout; its event clock, the summaries' start and end.
    private let clock: ClientClock
    private let logger: Logger
    private let signals: AsyncStream<EventSignal>
    private let signalsContinuation: AsyncStream<EventSignal>.Continuation
    /// The last delivery started; each waits for the one before, so deliveries never overlap and
    /// a flush returns only after everything queued before it was handed to the sink.
    private let lastDelivery = Locked<Task<Void, Never>?>(nil)
    private let stats: Locked<Stats>
    private let closing = Synchronization.Atomic(false)

    init(configuration: EventsConfiguration, sink: any EventSink, logger: Logger, clock: ClientClock,
         currentTable: @escaping @Sendable () -> FlagEventTable?) {
        let (signals, continuation) = AsyncStream.makeStream(of: EventSignal.self, bufferingPolicy: .bufferingNewest(2))
        self.signals = signals
        self.signalsContinuation = continuation
        self.recorder = EventRecorder(configuration: configuration, signals: continuation, logger: logger, clock: clock.events)
        self.sink = sink
        self.currentTable = currentTable
        self.maxBatchSize = configuration.maxBatchSize
        self.flushInterval = configuration.flushInterval
        self.noticePeriod = configuration.destination.contextNotices?.period
        self.closeTimeout = configuration.closeTimeout
        self.clock = clock
        self.logger = logger
        self.stats = Locked(Stats(summaryStart: clock.wallMilliseconds()))
    }

    /// Delivers on every signal until ``close()`` (or cancellation).
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [flushInterval, signalsContinuation, clock] in
                while (try? await clock.sleep(for: flushInterval)) != nil {
                    signalsContinuation.yield(.interval)
                }
            }
            if let noticePeriod {
                group.addTask { [recorder, clock] in
                    while (try? await clock.sleep(for: noticePeriod)) != nil {
                        recorder.advanceNoticePeriod()
                    }
                }
            }
            for await signal in signals {
                await serialized { await self.deliverQueued(withSummary: signal == .interval) }
                if signal == .interval { reportDrops() }
            }
            group.cancelAll()
        }
    }

    /// Delivers every event queued before the call, and the summary; returns when the sink has
    /// taken (or failed) them.
    func flush() async {
        await serialized { await self.deliverQueued(withSummary: true) }
    }

    /// Stops recording, delivers what is queued and the last summary, and shuts the sink down.
    /// A delivery still running after the close timeout is cancelled: its events and those still
    /// queued are dropped and counted. Later calls return at once.
    func close() async {
        guard !closing.exchange(true, ordering: .relaxed) else { return }
        recorder.close()
        let last = enqueue { await self.deliverQueued(withSummary: true) }
        let timeout = closeTimeout
        let clock = clock
        let inTime = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await last.value; return true }
            group.addTask { try? await clock.sleep(for: timeout); return false }
            let first = await group.next() ?? true
            // Cancelling `last` cancels the deliveries it waits for as well (see `enqueue`).
            if !first { last.cancel() }
            group.cancelAll()
            return first
        }
        if !inTime {
            logger.notice("the event service did not take the last events within the close timeout; they were dropped",
                          metadata: ["closeTimeout": "\(timeout)", "droppedDelivery": "\(diagnostics.droppedDelivery)"])
        }
        reportDrops()
        signalsContinuation.finish()
        await sink.shutdown()
    }

    /// The recording and delivery counts.
    var diagnostics: EventDiagnostics {
        var d = recorder.counts()
        stats.withLock { s in
            d.delivered = s.delivered
            d.droppedDelivery = s.droppedDelivery
            d.summariesDelivered = s.summariesDelivered
            d.failedBatches = s.failedBatches
            d.lastDeliveryError = s.lastError
        }
        return d
    }

    // MARK: Delivery

    private func serialized(_ work: @escaping @Sendable () async -> Void) async {
        await enqueue(work).value
    }

    /// Starts `work` after the deliveries enqueued before it. Cancelling the returned task cancels
    /// those too, so that close can stop a chain stuck behind an unanswered request.
    private func enqueue(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        lastDelivery.withLock { last -> Task<Void, Never> in
            let previous = last
            let next = Task {
                await withTaskCancellationHandler {
                    await previous?.value
                } onCancel: {
                    previous?.cancel()
                }
                await work()
            }
            last = next
            return next
        }
    }

    private func deliverQueued(withSummary: Bool) async {
        let target = recorder.acceptedCount
        while true {
            let (pending, more) = recorder.take(upTo: maxBatchSize, acceptedBefore: target)
            if Task.isCancelled {
                // Closing after the close timeout: what is left is dropped without a try.
                if !pending.isEmpty { stats.withLock { $0.droppedDelivery += pending.count } }
                if !more { return }
                continue
            }
            let allowed = pending.filter { recorder.consent.allows($0.context) }
            if allowed.count < pending.count { recorder.countDeniedAtDelivery(pending.count - allowed.count) }
            var events = allowed.map(\.event)
            // The summary goes with the last events taken, as one payload, even when they fill a batch.
            let last = !more
            var summaries = 0
            if last, withSummary, let summary = takeSummary() {
                events.append(.summary(summary))
                summaries = 1
            }
            if !events.isEmpty {
                await send(EventBatch(events: events, droppedQueueFull: recorder.counts().droppedQueueFull), summaries: summaries)
            }
            if last { return }
        }
    }

    private func takeSummary() -> SummaryEvent? {
        var builder = SummaryBuilder()
        recorder.takeCounts(current: currentTable(), into: &builder)
        let now = clock.wallMilliseconds()
        let start = stats.withLock { s in
            defer { if !builder.isEmpty { s.summaryStart = now } }
            return s.summaryStart
        }
        return builder.isEmpty ? nil : builder.build(start: start, end: now)
    }

    private func send(_ batch: EventBatch, summaries: Int) async {
        do {
            try await sink.send(batch)
            stats.withLock {
                $0.delivered += batch.count - summaries
                $0.summariesDelivered += summaries
            }
        } catch {
            let message = "\(error)"
            stats.withLock {
                $0.droppedDelivery += batch.count - summaries
                $0.failedBatches += 1
                $0.lastError = message
            }
            // Cancelled by close after its timeout: close reports it, once, without a warning.
            if Task.isCancelled { return }
            logger.warning("event batch dropped after a failed delivery", metadata: [
                "events": "\(batch.count)", "error": "\(message)",
            ])
        }
    }

    /// Logs the events dropped because the queue was full since the last report, once per interval.
    private func reportDrops() {
        let dropped = recorder.counts().droppedQueueFull
        let new = stats.withLock { s -> Int in
            defer { s.droppedReported = dropped }
            return dropped - s.droppedReported
        }
        if new > 0 {
            logger.warning("event queue full: events dropped", metadata: ["dropped": "\(new)", "total": "\(dropped)"])
        }
    }
}
