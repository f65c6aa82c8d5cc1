import Burgee
import BurgeeCore
import Logging

/// Delivers a LaunchDarkly client's events as LaunchDarkly's server SDKs send them: each batch of
/// the client's queue becomes one `/bulk` payload (go-server-sdk's `ldevents`), in the order
/// recorded — an `index` event for each context noticed (unless the context-key cache still holds
/// it), a `feature` event for each tracked evaluation (a flag with `trackEvents`, an experiment;
/// a prerequisite's with `prereqOf`, before its dependant's), a `debug` copy of each evaluation of
/// a flag whose `debugEventsUntilDate` is still ahead,
/// a `custom` event for each `track` — and the `summary` last; a `diagnostic-init` event at the
/// first delivery and a periodic `diagnostic` one, unless opted out.
final class LaunchDarklyEventsSink: EventSink {
    private let sender: LaunchDarklyEventSender
    private let formatter: LaunchDarklyContextFormatter
    private let settings: LaunchDarklyEvents
    private let connection: LaunchDarklyConnection
    private let clock: ClientClock
    private let state: Locked<State>

    private struct State {
        var contextKeys: LaunchDarklyContextKeyCache
        var period = 0
        var deduplicatedContexts = 0
        /// The client's queue's drops in all, as the latest batch said, and as last reported.
        var droppedTotal = 0
        var droppedReported = 0
        var eventsInLastBatch = 0
        var diagnostics: LaunchDarklyDiagnostics
        var sentInit = false
        var lastDiagnostic: Duration
    }

    init(settings: LaunchDarklyEvents, connection: LaunchDarklyConnection, sdkKey: SDKKey?, logger: Logger,
         clock: ClientClock) throws(ConfigurationError) {
        sender = try LaunchDarklyEventSender(baseURI: settings.eventsBaseURI, sdkKey: sdkKey, http: connection.http,
                                             logger: logger, clock: clock)
        formatter = LaunchDarklyContextFormatter(allAttributesPrivate: settings.allAttributesPrivate,
                                                 privateAttributes: settings.privateAttributes)
        self.settings = settings
        self.connection = connection
        self.clock = clock
        state = Locked(State(contextKeys: LaunchDarklyContextKeyCache(capacity: settings.contextKeysCapacity),
                             diagnostics: LaunchDarklyDiagnostics(sdkKey: sdkKey?.value, startTime: clock.wallMilliseconds()),
                             lastDiagnostic: clock.now))
    }

    func send(_ batch: EventBatch) async throws {
        state.withLock { $0.droppedTotal = max($0.droppedTotal, batch.droppedQueueFull) }
        try await sendDiagnostics()
        let serviceTime = sender.lastKnownPastTime
        let payload = state.withLock { state in
            var events: [LaunchDarklyEventPayload.Event] = []
            var summary: LaunchDarklySummarizer?
            for event in batch.events {
                switch event {
                case .contextNotice(let notice):
                    guard let context = notice.context else { continue }
                    if notice.period != state.period {
                        state.contextKeys.removeAll()
                        state.period = notice.period
                    }
                    if state.contextKeys.add(LaunchDarklyContextKey.fullyQualified(context)) {
                        state.deduplicatedContexts += 1
                    } else {
                        events.append(.index(context, creationDate: notice.timestamp))
                    }
                case .exposure(let exposure):
                    guard let context = exposure.context else { continue }
                    let defaultValue = exposure.defaultValue ?? .null
                    let record = LaunchDarklyEvaluationRecord(
                        creationDate: exposure.timestamp, key: exposure.flagKey, version: exposure.flagVersion,
                        variation: exposure.variationIndex,
                        value: exposure.variationIndex == nil ? defaultValue : exposure.value ?? defaultValue,
                        defaultValue: defaultValue, reason: exposure.experiment || exposure.reasons ? exposure.reason : nil,
                        prereqOf: exposure.prerequisiteOf, context: context, samplingRatio: exposure.samplingRatio)
                    if exposure.tracked, Self.sample(exposure.samplingRatio) { events.append(.feature(record, debug: false)) }
                    // A debug copy while the flag's window is open by this machine's clock (the
                    // recorder's test) and by the service's last known time, sampled on its own.
                    if let until = exposure.debugUntil, until > serviceTime, Self.sample(exposure.samplingRatio) {
                        events.append(.feature(record, debug: true))
                    }
                case .custom(let custom):
                    events.append(.custom(LaunchDarklyCustomRecord(
                        creationDate: custom.timestamp, key: custom.key,
                        data: custom.data ?? (custom.properties.isEmpty ? .null : .object(custom.properties)),
                        metricValue: custom.value,
                        context: Self.context(keys: custom.contextKeys))))
                case .summary(let s):
                    summary = LaunchDarklySummarizer(s)
                }
            }
            let payload = LaunchDarklyEventPayload(events: events, summary: summary)
            state.eventsInLastBatch = payload.count
            return payload
        }
        guard payload.count > 0 else { return }
        switch await sender.sendBulk(payload.json(formatter), events: payload.count) {
        case .delivered:
            return
        case .failed(let status):
            throw LaunchDarklyEventsError(message: "LaunchDarkly's /bulk was not delivered" + (status.map { " (\($0))" } ?? ""))
        case .disabled(let status):
            throw LaunchDarklyEventsError(message: "LaunchDarkly refused the SDK key (\(status)); events are off")
        }
    }

    /// Whether an event of a flag with `ratio` (`samplingRatio`) is sent: every one without a
    /// ratio or with 1, none with 0 or less, else 1 in `ratio` at random, as LaunchDarkly's SDKs sample.
    static func sample(_ ratio: Int64?) -> Bool {
        guard let ratio, ratio != 1 else { return true }
        guard ratio > 0 else { return false }
        return Double.random(in: 0..<1) < 1 / Double(ratio)
    }

    /// A context of `keys` (kind to key) alone: what a custom event's `contextKeys` are written from.
    private static func context(keys: [String: String]) -> Context {
        let parts = keys.sorted { $0.key < $1.key }.map { Context(kind: $0.key, key: $0.value) }
        return parts.count == 1 ? parts[0] : Context.multi(parts)
    }

    /// The `diagnostic-init` event at the first delivery, then a `diagnostic` one each recording interval.
    private func sendDiagnostics() async throws {
        guard !settings.diagnosticOptOut else { return }
        let now = clock.now
        let due: JSONValue? = state.withLock { state in
            if !state.sentInit {
                state.sentInit = true
                return state.diagnostics.initEvent(settings: settings, connection: connection)
            }
            guard now - state.lastDiagnostic >= settings.diagnosticRecordingInterval else { return nil }
            state.lastDiagnostic = now
            let deduplicated = state.deduplicatedContexts
            state.deduplicatedContexts = 0
            let dropped = state.droppedTotal - state.droppedReported
            state.droppedReported = state.droppedTotal
            return state.diagnostics.periodicEvent(now: clock.wallMilliseconds(), droppedEvents: dropped,
                                                   deduplicatedContexts: deduplicated, eventsInLastBatch: state.eventsInLastBatch)
        }
        if let due { await sender.sendDiagnostic(Array(due.serialized().utf8)) }
    }

    func shutdown() async {
        await sender.shutdown()
    }
}

/// A `/bulk` payload LaunchDarkly did not take.
struct LaunchDarklyEventsError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension EventDestination {
    /// LaunchDarkly's events service (or a Relay Proxy's, `burgee serve`'s): see ``LaunchDarklyEvents``.
    static func launchDarkly(_ settings: LaunchDarklyEvents, connection: LaunchDarklyConnection) -> EventDestination {
        var destination = EventDestination(
            validate: { () throws(ConfigurationError) in
                try connection.http.validate()
                _ = try ServiceURL(settings.eventsBaseURI, allowInsecureHTTP: connection.http.allowInsecureHTTP)
                guard settings.capacity > 0 else { throw .notPositive("the LaunchDarkly events capacity") }
                guard settings.contextKeysFlushInterval > .zero else { throw .notPositive("the context keys flush interval") }
            },
            makeSink: { sdkKey, logger, clock throws(ConfigurationError) in
                try LaunchDarklyEventsSink(settings: settings, connection: connection, sdkKey: sdkKey, logger: logger, clock: clock)
            })
        destination.recordsSummaryDetails = true
        destination.recordsPrerequisites = true
        destination.contextNotices = ContextNoticeSettings(period: settings.contextKeysFlushInterval,
                                                          capacity: settings.contextKeysCapacity)
        return destination
    }
}
