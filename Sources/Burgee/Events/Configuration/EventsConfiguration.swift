import Logging

/// Where events are delivered.
///
/// A destination is a recipe: the client checks it when it is created and builds its sink then,
/// passing its `sdkKey`, logger and clock. Sync protocols with an event endpoint of their own contribute
/// theirs as static functions (`unleashMetrics(_:impressions:)` from `BurgeeUnleash`), so
/// nothing here names a vendor.
public struct EventDestination: Sendable {
    /// Throws the first problem of the destination's settings.
    package typealias Validate = @Sendable () throws(ConfigurationError) -> Void
    /// Builds the sink for the client's `sdkKey`, logger and clock (which times retries).
    package typealias MakeSink = @Sendable (_ sdkKey: SDKKey?, _ logger: Logger, _ clock: ClientClock) throws(ConfigurationError)
        -> any EventSink

    package let validate: Validate
    package let makeSink: MakeSink
    /// Whether the destination reports, per flag, the default of the interval's first
    /// evaluation, the kinds of contexts evaluated and each counter's value
    /// (``SummaryEvent/details``): the client then notes them as it counts.
    package var recordsSummaryDetails = false
    /// Whether the destination announces contexts (LaunchDarkly's index events): each context
    /// evaluated or tracked is then noticed once per period, in a ``ContextNoticeEvent`` queued
    /// before the event that noticed it.
    package var contextNotices: ContextNoticeSettings?
    /// Whether the destination reports the evaluations of a flag's prerequisites as evaluations
    /// of their own (LaunchDarkly's `prereqOf` feature events and their counts): each is counted,
    /// noted and, when its flag asks, recorded as an exposure naming the flag it was a
    /// prerequisite of (``ExposureEvent/prerequisiteOf``). Needs ``recordsSummaryDetails``.
    package var recordsPrerequisites = false

    /// A destination whose settings `validate` checks and whose sink `makeSink` builds.
    package init(validate: @escaping Validate = {}, makeSink: @escaping MakeSink) {
        self.validate = validate
        self.makeSink = makeSink
    }

    /// Batches posted as JSON to an event service (`…/events` of a Burgee service), gzipped when
    /// the service accepts it; one retry after `retryDelay` on a 5xx, a 429 or a network error.
    /// - Parameters:
    ///   - endpoint: the URL; plain `http` only to loopback unless allowed in `http`.
    ///   - http: timeouts, headers, the SDK key's rules (`Authorization` is reserved).
    ///   - retryDelay: the wait before the one retry (longer when the service asks with `Retry-After`).
    public static func http(_ endpoint: String, http: HTTPOptions = HTTPOptions(),
                            retryDelay: Duration = .seconds(1)) -> EventDestination {
        EventDestination(
            validate: { () throws(ConfigurationError) in
                try http.validate()
                guard retryDelay >= .zero else { throw .notPositive("the event retry delay") }
            },
            makeSink: { sdkKey, logger, clock throws(ConfigurationError) in
                try HTTPEventSink(endpoint: endpoint, sdkKey: sdkKey, http: http, retryDelay: retryDelay, logger: logger,
                                  clock: clock, sendsSchemaHeader: true, encode: { $0.jsonBytes })
            })
    }

    /// Any sink of the package (the log's, `BurgeeTesting`'s in-memory one).
    package static func sink(_ sink: any EventSink) -> EventDestination {
        EventDestination(makeSink: { _, _, _ in sink })
    }

    /// Your own delivery: each batch as the JSON body the HTTP destination would post (the batch
    /// schema of docs/events.md), handed to `deliver` from one task at a time, in order, never
    /// from an evaluation. When `deliver` throws, the batch's events are counted as dropped.
    public static func custom(_ deliver: @escaping @Sendable (_ batchJSON: [UInt8]) async throws -> Void)
        -> EventDestination
    {
        .sink(DeliveringEventSink(deliver: deliver))
    }

    /// Each event as a JSON log line.
    public static func log(_ logger: Logger, level: Logger.Level = .info) -> EventDestination {
        .sink(LoggingEventSink(logger: logger, level: level))
    }
}

/// What the client records and where it sends it: exposures, custom events and summaries.
public struct EventsConfiguration: Sendable {
    /// Where batches go.
    public var destination: EventDestination
    /// Which evaluations produce exposure events. Flags with `trackEvents` and evaluations in an
    /// experiment produce one each time unless this is `.off` or the call passes `track: false`.
    public var exposures: ExposureMode
    /// How long an exposure of the same context, flag, variation and flag version is not repeated.
    public var deduplicationWindow: Duration
    /// How many recent exposures the deduplication table remembers; when it is full, the oldest
    /// are forgotten (and may be sent again).
    public var deduplicationCapacity: Int
    /// How often queued events and the summary are delivered (on the client's clock, as are the
    /// deduplication window and the close timeout).
    public var flushInterval: Duration
    /// Events per batch; a full batch is delivered without waiting for the interval.
    public var maxBatchSize: Int
    /// The queue's capacity; events recorded while it is full are dropped and counted.
    public var capacity: Int
    /// Whether events carrying a context's keys may leave the process (legal consent), for
    /// contexts not set with ``BurgeeClient/setTrackingConsent(_:for:)``; `true` by default.
    public var consent: Bool {
        get { trackingConsent == .granted }
        set { trackingConsent = newValue ? .granted : .denied }
    }
    package var trackingConsent: TrackingConsent
    /// How long ``BurgeeClient/close()`` waits for the last delivery. When it passes (an event
    /// service that accepts connections but never answers, say), the delivery is cancelled and
    /// the events not delivered are dropped and counted in
    /// ``EventDiagnostics/droppedDelivery`` (a batch cancelled in flight may still have reached
    /// the service); `close()` then returns at once. 5 seconds by default.
    public var closeTimeout: Duration

    /// A configuration.
    public init(destination: EventDestination, exposures: ExposureMode = .deduplicated,
                deduplicationWindow: Duration = .seconds(300), deduplicationCapacity: Int = 65_536,
                flushInterval: Duration = .seconds(5), maxBatchSize: Int = 500, capacity: Int = 10_000,
                consent: Bool = true, closeTimeout: Duration = .seconds(5)) {
        self.destination = destination
        self.exposures = exposures
        self.deduplicationWindow = deduplicationWindow
        self.deduplicationCapacity = deduplicationCapacity
        self.flushInterval = flushInterval
        self.maxBatchSize = maxBatchSize
        self.capacity = capacity
        self.trackingConsent = consent ? .granted : .denied
        self.closeTimeout = closeTimeout
    }

    /// Events posted to `endpoint`; see ``EventDestination/http(_:http:retryDelay:)``.
    public init(endpoint: String, http: HTTPOptions = HTTPOptions(), exposures: ExposureMode = .deduplicated,
                flushInterval: Duration = .seconds(5), consent: Bool = true) {
        self.init(destination: .http(endpoint, http: http), exposures: exposures, flushInterval: flushInterval,
                  consent: consent)
    }

    func validate() throws(ConfigurationError) {
        guard deduplicationWindow > .zero else { throw .notPositive("the exposure deduplication window") }
        guard deduplicationCapacity > 0 else { throw .notPositive("the exposure deduplication capacity") }
        guard flushInterval > .zero else { throw .notPositive("the event flush interval") }
        guard maxBatchSize > 0 else { throw .notPositive("the event batch size") }
        guard capacity > 0 else { throw .notPositive("the event queue capacity") }
        guard closeTimeout >= .zero else { throw .notPositive("the event close timeout") }
        try destination.validate()
    }
}

extension EventsConfiguration {
    /// Which evaluations produce exposure events.
    public enum ExposureMode: Sendable, Hashable {
        /// None (summaries are still counted).
        case off
        /// One per context, flag, variation and flag version within the deduplication window.
        case deduplicated
        /// One per evaluation.
        case all
        /// Only for flags with `trackEvents` (Unleash's `impressionData`) and evaluations in an
        /// experiment, one per evaluation; other evaluations are only counted.
        case trackedOnly
    }

    /// Whether events carrying a context's keys may leave the process (legal consent).
    package enum TrackingConsent: Sendable, Hashable {
        /// Events are sent.
        case granted
        /// No exposure or custom event carrying the context's keys is recorded or sent.
        case denied
    }
}
