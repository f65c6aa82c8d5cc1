import BurgeeCore

/// What LaunchDarkly's event processor keeps between flushes, and its decisions, as go-server-sdk's
/// `ldevents` dispatcher makes them, without the I/O: every evaluation counts in the summary; a
/// context not seen lately is announced by an index event before the event that names it; a
/// flag with `trackEvents` or an experiment adds a feature event, and a flag debugged until a
/// later time a debug event; a full outbox drops new events (never the summary) and counts them.
struct LaunchDarklyEventOutbox: Sendable {
    /// An event waiting in the outbox.
    enum Event: Sendable {
        case index(Context, creationDate: Int64)
        case feature(LaunchDarklyEvaluationRecord, debug: Bool)
        case custom(LaunchDarklyCustomRecord)
    }

    /// Events the outbox holds at most; the summary does not count.
    let capacity: Int
    private(set) var events: [Event] = []
    private(set) var summary = LaunchDarklySummarizer()
    private(set) var contextKeys: LaunchDarklyContextKeyCache
    /// Events dropped because the outbox was full, since the last diagnostic event.
    var droppedEvents = 0
    /// Events whose context had been seen lately (no index event), since the last diagnostic event.
    var deduplicatedContexts = 0
    /// The latest time the events service reported (its `Date` of a delivered payload): a
    /// `debugEventsUntilDate` before it is past whatever this machine's clock says.
    var lastKnownPastTime: Int64 = 0

    init(capacity: Int, contextKeysCapacity: Int) {
        self.capacity = capacity
        contextKeys = LaunchDarklyContextKeyCache(capacity: contextKeysCapacity)
    }

    /// Whether there is nothing to deliver.
    var isEmpty: Bool { events.isEmpty && summary.isEmpty }

    /// Processes one input at `now` (milliseconds since the Unix epoch, for debug events).
    mutating func process(_ input: LaunchDarklyEventInput, now: Int64) {
        var full: Event?
        var debug: Event?
        switch input {
        case .evaluation(let evaluation):
            summary.add(evaluation)
            if evaluation.requireFullEvent { full = .feature(evaluation, debug: false) }
            if let until = evaluation.debugEventsUntilDate, until > lastKnownPastTime, until > now {
                debug = .feature(evaluation, debug: true)
            }
        case .custom(let custom):
            full = .custom(custom)
        }
        if contextKeys.add(LaunchDarklyContextKey.fullyQualified(input.context)) {
            deduplicatedContexts += 1
        } else {
            add(.index(input.context, creationDate: input.creationDate))
        }
        if let full { add(full) }
        if let debug { add(debug) }
    }

    private mutating func add(_ event: Event) {
        guard events.count < capacity else {
            droppedEvents += 1
            return
        }
        events.append(event)
    }

    /// The payload to deliver now, emptying the outbox and the summary; `nil` when there is none.
    mutating func takePayload() -> LaunchDarklyEventPayload? {
        guard !isEmpty else { return nil }
        defer {
            events.removeAll(keepingCapacity: true)
            summary = LaunchDarklySummarizer()
        }
        return LaunchDarklyEventPayload(events: events, summary: summary.isEmpty ? nil : summary)
    }

    /// Forgets the contexts seen (every `contextKeysFlushInterval`).
    mutating func forgetContexts() {
        contextKeys.removeAll()
    }
}
