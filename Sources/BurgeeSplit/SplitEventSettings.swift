import Burgee

/// Where and how a client sends impressions and events to Split (Split's events service, a Split
/// Proxy or `burgee serve --format split`).
public struct SplitEventSettings: Sendable {
    /// Split's events service.
    public static let defaultEventsURL = "https://events.split.io/api"
    /// Split's telemetry service, which takes the unique keys of mode NONE.
    public static let defaultTelemetryURL = "https://telemetry.split.io/api"

    /// The events base URL: impressions go to `…/testImpressions/bulk` and `…/testImpressions/count`,
    /// events to `…/events/bulk`.
    public var eventsURL: String
    /// The telemetry base URL (`…/v1/keys/ss`); `nil` for Split's when ``eventsURL`` is Split's,
    /// else ``eventsURL`` itself, as a Split Proxy or `burgee serve` takes both on one base.
    public var telemetryURL: String?
    /// Which impressions are sent.
    public var impressionsMode: SplitImpressionsMode
    /// Called with every impression, off the evaluation path.
    public var impressionListener: SplitImpressionListener?
    /// Timeouts, extra headers. `Authorization` is reserved for the SDK key.
    public var http: HTTPOptions
    /// The wait before a post's one retry (after a 5xx, a 429 or a network failure).
    public var retryDelay: Duration

    /// Settings; the defaults are Split's services and mode OPTIMIZED.
    public init(eventsURL: String = Self.defaultEventsURL, telemetryURL: String? = nil,
                impressionsMode: SplitImpressionsMode = .optimized, impressionListener: SplitImpressionListener? = nil,
                http: HTTPOptions = HTTPOptions(), retryDelay: Duration = .seconds(1)) {
        self.eventsURL = eventsURL
        self.telemetryURL = telemetryURL
        self.impressionsMode = impressionsMode
        self.impressionListener = impressionListener
        self.http = http
        self.retryDelay = retryDelay
    }

    var resolvedTelemetryURL: String {
        telemetryURL ?? (eventsURL == Self.defaultEventsURL ? Self.defaultTelemetryURL : eventsURL)
    }
}

extension EventDestination {
    /// Impressions and events posted to Split as Split's server SDKs post them (see
    /// ``SplitImpressionsMode``); the client's SDK key goes as `Authorization: Bearer <key>`.
    /// Record exposures of every evaluation (`EventsConfiguration.ExposureMode.all`): the
    /// destination applies the mode's deduplication itself, as `EventsConfiguration.split(_:flushInterval:)` does.
    public static func split(_ settings: SplitEventSettings = SplitEventSettings()) -> EventDestination {
        EventDestination(
            validate: { () throws(ConfigurationError) in
                try settings.http.validate()
                guard settings.retryDelay >= .zero else { throw .notPositive("the Split event retry delay") }
                _ = try ServiceURL(settings.eventsURL, allowInsecureHTTP: settings.http.allowInsecureHTTP)
                _ = try ServiceURL(settings.resolvedTelemetryURL, allowInsecureHTTP: settings.http.allowInsecureHTTP)
            },
            makeSink: { sdkKey, logger, clock throws(ConfigurationError) in
                SplitEventsSink(settings, delivery: try SplitHTTPDelivery(settings, sdkKey: sdkKey, logger: logger, clock: clock))
            })
    }
}

extension EventDestination {
    /// Impressions and events pushed into the Redis that Split's Synchronizer empties and sends to
    /// Split, as Split's SDKs in consumer mode push them (`SPLITIO.impressions`, `SPLITIO.events`,
    /// `SPLITIO.impressions.count`, `SPLITIO.uniquekeys`, behind the store's user prefix), processed
    /// in `settings`' impressions mode; its URLs, HTTP options and retry delay are not used. The
    /// metadata names the machine `machineName` at `machineIP`; "NA" for each, as Split's SDKs
    /// with IP addresses disabled, by default.
    public static func splitConsumer(_ store: SplitRedisStore, _ settings: SplitEventSettings = SplitEventSettings(),
                                     machineName: String = "NA", machineIP: String = "NA") -> EventDestination {
        EventDestination(
            validate: { () throws(ConfigurationError) in },
            makeSink: { _, _, clock throws(ConfigurationError) in
                SplitEventsSink(settings, delivery: SplitRedisDelivery(store: store, machineName: machineName,
                                                                       machineIP: machineIP, clock: clock))
            })
    }
}

extension EventsConfiguration {
    /// Impressions and events to Split: every evaluation recorded (Split's modes decide what is
    /// sent), delivered every `flushInterval` and on `flush()` and `close()`.
    public static func split(_ settings: SplitEventSettings = SplitEventSettings(),
                             flushInterval: Duration = .seconds(60)) -> EventsConfiguration {
        EventsConfiguration(destination: .split(settings), exposures: .all, flushInterval: flushInterval)
    }

    /// Impressions and events pushed into Split's Redis for its Synchronizer, as Split's SDKs in
    /// consumer mode push them (``EventDestination/splitConsumer(_:_:machineName:machineIP:)``),
    /// every `flushInterval` and on `flush()` and `close()`.
    public static func splitConsumer(_ store: SplitRedisStore, _ settings: SplitEventSettings = SplitEventSettings(),
                                     flushInterval: Duration = .seconds(60)) -> EventsConfiguration {
        EventsConfiguration(destination: .splitConsumer(store, settings), exposures: .all, flushInterval: flushInterval)
    }
}
