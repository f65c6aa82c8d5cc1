import BurgeeCore
import Logging
import Metrics
import Tracing

extension BurgeeClient {
    /// How a client gets, keeps and serves definitions.
    public struct Configuration: Sendable {
        /// Where definitions come from.
        public var source: DataSourceConfiguration
        /// The key network sources send in `Authorization` (and nowhere else; it is never logged,
        /// and printing or dumping the configuration shows it redacted).
        public var sdkKey: String? {
            get { key?.value }
            set { key = SDKKey(newValue) }
        }
        var key: SDKKey?
        /// Definitions served before the source answers (when newer than the cache).
        public var bootstrap: DefinitionsPayload?
        /// Where the last good definitions are kept between runs.
        public var cache: CacheConfiguration?
        /// Values served when a flag cannot be evaluated.
        public var fallbacks: Fallbacks
        /// When set, only flags in these sets are loaded, known and evaluable.
        public var flagSets: Set<String>?
        /// When set, a ``ClientEvent/readyTimedOut(_:)`` event follows if no definitions arrived by then.
        public var readyTimeout: Duration?
        /// How often evaluation counts are moved to the metrics.
        public var metricsInterval: Duration
        /// Larger definitions documents (and cache files) are refused: 64 MiB by default.
        public var maxDefinitionsBytes: Int
        /// Definitions nested deeper (in JSON arrays and objects) are refused: 128 by default.
        public var maxDefinitionsDepth: Int
        /// The parsing limits the two settings make.
        package var limits: JSONLimits { JSONLimits(maxDepth: maxDefinitionsDepth, maxBytes: maxDefinitionsBytes) }
        /// Each event subscriber keeps at most this many undelivered events, dropping the oldest.
        public var eventBufferSize: Int
        /// Exposure, custom and summary events and where they go; `nil` records nothing.
        public var events: EventsConfiguration?
        /// The client's logger; never bootstrapped by the client.
        public var logger: Logger
        /// The metrics factory; `nil` for the bootstrapped `MetricsSystem.factory`.
        public var metricsFactory: (any MetricsFactory)?
        /// Hooks run around every typed evaluation of the client, before those of a bound client
        /// and of the call (see ``Hook``). None by default: evaluations then pay nothing for hooks.
        public var hooks: [any Hook]
        /// Evaluations as OpenTelemetry span events: each typed evaluation adds a
        /// `feature_flag.evaluation` event to the active span, with the semantic conventions'
        /// attributes (docs/openfeature.md). `false`, the default, records none and costs nothing.
        /// The client depends on the swift-distributed-tracing API only: the application brings
        /// the exporter.
        public var openTelemetry: Bool
        /// The tracer whose active span receives the span events; `nil` for the bootstrapped
        /// `InstrumentationSystem.tracer`, read at each evaluation.
        public var tracer: (any Tracer)?
        /// The clock that times everything the client waits for: polling and its backoff, stream
        /// reconnections and read-idle timeouts, event flushes, retries and the close timeout, the
        /// metrics interval, the ready timeout (and ``BurgeeClient/waitUntilReady(timeout:)``), file
        /// watching, and the vendors' own loops and token renewals. `ContinuousClock()` by default.
        ///
        /// A test passes `ManualClock` from `BurgeeTesting` to move time itself: nothing the client
        /// times then happens until the test advances the clock, and event timestamps and the
        /// exposure deduplication window follow the clock's time too. The timeouts of HTTP requests
        /// themselves (connecting, awaiting an answer, the read timeouts of vendors' push streams)
        /// stay the HTTP client's, on the system's clock.
        public var clock: any Clock<Duration>
        /// How each format compiles its definitions: settings that a format's module declares
        /// (flagd's `fractional` rule, set as `configuration.flagd` with `BurgeeFlagd`).
        package var compileOptions = CompileOptions()
        /// Client-side modules' own settings, by their type (``subscript(module:)``).
        package var moduleSettings: [ObjectIdentifier: any Sendable] = [:]
        /// Receives the document the client holds, as the cache keeps it, after every good update
        /// from the data source and when the cache is loaded at start: what a relaying server serves.
        /// Called on the update's task: keep it short (a patched document is serialized only when
        /// its bytes are read).
        package var definitionsMirror: (@Sendable (HeldDocument) -> Void)?

        /// A configuration.
        public init(sdkKey: String? = nil, source: DataSourceConfiguration = .offline, bootstrap: DefinitionsPayload? = nil,
                    cache: CacheConfiguration? = nil, fallbacks: Fallbacks = Fallbacks(), flagSets: Set<String>? = nil,
                    readyTimeout: Duration? = nil, metricsInterval: Duration = .seconds(10),
                    maxDefinitionsBytes: Int = 64 << 20,
                    maxDefinitionsDepth: Int = 128, eventBufferSize: Int = 1024, events: EventsConfiguration? = nil,
                    logger: Logger = Logger(label: "burgee"), metricsFactory: (any MetricsFactory)? = nil,
                    hooks: [any Hook] = [], openTelemetry: Bool = false, tracer: (any Tracer)? = nil,
                    clock: any Clock<Duration> = ContinuousClock()) {
            self.key = SDKKey(sdkKey)
            self.source = source
            self.bootstrap = bootstrap
            self.cache = cache
            self.fallbacks = fallbacks
            self.flagSets = flagSets
            self.readyTimeout = readyTimeout
            self.metricsInterval = metricsInterval
            self.maxDefinitionsBytes = maxDefinitionsBytes
            self.maxDefinitionsDepth = maxDefinitionsDepth
            self.eventBufferSize = eventBufferSize
            self.events = events
            self.logger = logger
            self.metricsFactory = metricsFactory
            self.hooks = hooks
            self.openTelemetry = openTelemetry
            self.tracer = tracer
            self.clock = clock
        }

        /// Throws the first problem that makes the configuration unusable.
        func validate() throws(ConfigurationError) {
            if let cache {
                guard !cache.directory.isEmpty else { throw .emptyCacheDirectory }
                guard CacheConfiguration.isValidPrefix(cache.prefix) else { throw .invalidCachePrefix(cache.prefix) }
            }
            if let readyTimeout, readyTimeout <= .zero { throw .notPositive("readyTimeout") }
            guard metricsInterval > .zero else { throw .notPositive("metricsInterval") }
            guard eventBufferSize > 0 else { throw .notPositive("eventBufferSize") }
            guard maxDefinitionsBytes > 0 else { throw .notPositive("maxDefinitionsBytes") }
            guard maxDefinitionsDepth > 0 else { throw .notPositive("maxDefinitionsDepth") }
            _ = try source.makeSource(sdkKey: key)
            try events?.validate()
        }
    }
}
