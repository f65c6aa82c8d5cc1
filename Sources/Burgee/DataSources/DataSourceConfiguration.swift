import BurgeeRedis

/// Which data source the client runs.
///
/// A configuration is a recipe: it builds and checks its source when the client is created, and
/// network sources then send the client's `sdkKey`. Each sync protocol contributes its own
/// spellings (`unleash(_:)` from `BurgeeUnleash`, `launchDarkly(_:)` from `BurgeeLaunchDarkly`,
/// `flagdFiles(_:watch:interval:maxBytes:)` from `BurgeeFlagd`) as static functions that hand the
/// configuration their recipe, so nothing here names a vendor.
public struct DataSourceConfiguration: Sendable {
    /// Builds the source, throwing the first problem of its settings.
    package typealias Make = @Sendable (_ sdkKey: SDKKey?) throws(ConfigurationError) -> any DataSource

    private let make: Make

    /// A configuration whose source `make` builds and checks; the client's `sdkKey` is passed to it.
    package init(make: @escaping Make) {
        self.make = make
    }

    private init(source: any DataSource) {
        make = { _ in source }
    }

    /// No source: the client serves the bootstrap or cached definitions, if any, else fallbacks
    /// and defaults with `CLIENT_NOT_READY`. The status is `off`.
    public static var offline: DataSourceConfiguration { DataSourceConfiguration(source: OfflineDataSource()) }

    /// Definitions in a file, optionally reloaded when it changes. The file is read as the
    /// `DefinitionsFormat` its top-level members mark (every format but Eppo's, whose documents
    /// read as Datadog's), as YAML when its name ends in `.yaml` or `.yml`, else as JSON.
    /// - Parameters:
    ///   - path: the file.
    ///   - watch: reload when the file's size, modification time or identity change.
    ///   - interval: how often to look for changes.
    ///   - maxBytes: larger files are refused.
    public static func file(_ path: String, watch: Bool = false, interval: Duration = .seconds(1),
                            maxBytes: Int = 50 * 1024 * 1024) -> DataSourceConfiguration {
        DataSourceConfiguration { _ throws(ConfigurationError) in
            guard !path.isEmpty else { throw .emptyFilePath }
            if watch, interval <= .zero { throw .notPositive("the file watch interval") }
            guard maxBytes > 0 else { throw .notPositive("the file size limit") }
            return FileDataSource(path: path, watch: watch, interval: interval, maxBytes: maxBytes)
        }
    }

    /// A fixed document, served as the source's only answer.
    public static func bootstrap(_ payload: DefinitionsPayload) -> DataSourceConfiguration {
        DataSourceConfiguration(source: BootstrapDataSource(payload: payload))
    }

    /// Any source of the package (`BurgeeTesting`'s `TestData`).
    package static func custom(_ source: any DataSource) -> DataSourceConfiguration {
        DataSourceConfiguration(source: source)
    }

    /// A source of your own (a message bus, a database, a vendor this SDK does not sync with).
    ///
    /// `run` is started with the client and cancelled when it closes. It delivers definitions
    /// with `apply`, which parses and compiles them off the evaluation path and returns `false`
    /// when they were rejected (the last good ones stay), and reports failures with `fail` (the
    /// status becomes interrupted).
    ///
    /// ```swift
    /// let source = DataSourceConfiguration.custom { apply, fail in
    ///     for await text in definitionsFeed {
    ///         if await !apply(.json(text)) { logger.warning("definitions rejected") }
    ///     }
    /// }
    /// ```
    public static func custom(
        _ run: @escaping @Sendable (_ apply: @escaping @Sendable (DefinitionsPayload) async -> Bool,
                                    _ fail: @escaping @Sendable (DataSourceError) -> Void) async -> Void
    ) -> DataSourceConfiguration {
        DataSourceConfiguration(source: ClosureDataSource(body: run))
    }

    /// Polls a definitions URL (`…/definitions` of a Burgee service, or a file on any host that
    /// sends ETags) with `If-None-Match`, retrying failures with backoff.
    /// - Parameters:
    ///   - url: the definitions document's URL; plain `http` only to loopback unless allowed in `http`.
    ///   - interval: the time between requests.
    ///   - http: timeouts, headers, size limit, backoff.
    public static func polling(_ url: String, every interval: Duration = .seconds(30),
                               http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        DataSourceConfiguration { sdkKey throws(ConfigurationError) in
            try pollingSource(url, .every(interval), http: http, sdkKey: sdkKey)
        }
    }

    /// Fetches the definitions once (retrying failures with backoff until one arrives), then stops.
    public static func fetchOnce(_ url: String, http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        DataSourceConfiguration { sdkKey throws(ConfigurationError) in try pollingSource(url, .once, http: http, sdkKey: sdkKey) }
    }

    /// Follows the definitions a writer (`burgee serve --store`) keeps in Redis in Burgee's layout
    /// (`DefinitionsRedisStore` (BurgeeRedis)): read at start, again as soon as the writer announces a new
    /// document on the store's channel, and every `interval` in case an announcement was lost.
    /// Redis 6 or later (announcements are read as RESP3 pushes).
    public static func redis(_ store: DefinitionsRedisStore, interval: Duration = .seconds(30)) -> DataSourceConfiguration {
        DataSourceConfiguration { _ throws(ConfigurationError) in
            guard interval > .zero else { throw .notPositive("the Redis store's interval") }
            return RedisDataSource(store: store, interval: interval)
        }
    }

    /// Keeps a Server-Sent Events stream open (`…/stream` of a Burgee service) and applies its
    /// `put`, `patch` and `delete` events; polls while the stream is down.
    /// - Parameters:
    ///   - url: the stream's URL; plain `http` only to loopback unless allowed in `http`.
    ///   - readIdleTimeout: the connection is dropped and reopened when nothing (event or
    ///     heartbeat) arrives for this long, on the client's clock; keep it above the server's
    ///     heartbeat interval.
    ///   - fallbackAfterFailures: after this many consecutive failed connections the source also
    ///     polls, until the stream is back.
    ///   - fallbackPollingInterval: how often to poll while falling back.
    ///   - pollingURL: the definitions URL polled while falling back; by default the stream URL
    ///     with its last path segment replaced by `definitions`.
    ///   - http: timeouts, headers, size limit, retry delays.
    public static func streaming(_ url: String, readIdleTimeout: Duration = .seconds(60), fallbackAfterFailures: Int = 3,
                                 fallbackPollingInterval: Duration = .seconds(30), pollingURL: String? = nil,
                                 http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        streaming(url, options: StreamingOptions(readIdleTimeout: readIdleTimeout, fallbackAfterFailures: fallbackAfterFailures,
                                                 fallbackPollingInterval: fallbackPollingInterval, pollingURL: pollingURL),
                  http: http)
    }

    package static func streaming(_ url: String, options: StreamingOptions,
                                  http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        DataSourceConfiguration { sdkKey throws(ConfigurationError) in
            try http.validate()
            try options.validate()
            let streamURL = try ServiceURL(url, allowInsecureHTTP: http.allowInsecureHTTP)
            let pollingURL = try ServiceURL(options.pollingURL ?? streamURL.replacingLastPathSegment(with: "definitions"),
                                            allowInsecureHTTP: http.allowInsecureHTTP)
            return StreamingDataSource(url: streamURL, pollingURL: pollingURL, http: http, options: options, sdkKey: sdkKey,
                                       events: BurgeeStreamEvents())
        }
    }

    /// The source to run, checked; network sources send `sdkKey`.
    func makeSource(sdkKey: SDKKey?) throws(ConfigurationError) -> any DataSource {
        try make(sdkKey)
    }

    /// A ``PollingDataSource`` of Burgee's definitions URL, checked.
    private static func pollingSource(_ url: String, _ mode: PollingDataSource.Mode, http: HTTPOptions,
                                      sdkKey: SDKKey?) throws(ConfigurationError) -> any DataSource {
        try http.validate()
        if case .every(let interval) = mode, interval <= .zero { throw .notPositive("the polling interval") }
        return PollingDataSource(url: try ServiceURL(url, allowInsecureHTTP: http.allowInsecureHTTP),
                                 mode: mode, http: http, sdkKey: sdkKey)
    }
}
