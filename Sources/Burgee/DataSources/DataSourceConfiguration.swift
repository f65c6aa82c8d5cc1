/// Which data source the client runs.
public struct DataSourceConfiguration: Sendable {
    private enum Storage: Sendable {
        case source(any DataSource)
        case polling(url: String, PollingDataSource.Mode, HTTPOptions)
        case streaming(url: String, StreamingOptions, HTTPOptions)
        case unleash(UnleashConnection)
        case launchDarkly(LaunchDarklyConnection)
    }

    private let storage: Storage

    private init(source: any DataSource) {
        storage = .source(source)
    }

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// No source: the client serves the bootstrap or cached definitions, if any, else fallbacks
    /// and defaults with `CLIENT_NOT_READY`. The status is `off`.
    public static var offline: DataSourceConfiguration { DataSourceConfiguration(source: OfflineDataSource()) }

    /// A native v1 document in a file, optionally reloaded when it changes.
    /// - Parameters:
    ///   - path: the file.
    ///   - watch: reload when the file's size, modification time or identity change.
    ///   - interval: how often to look for changes.
    ///   - maxBytes: larger files are refused.
    public static func file(_ path: String, watch: Bool = false, interval: Duration = .seconds(1),
                            maxBytes: Int = FileDataSource.defaultMaxBytes) -> DataSourceConfiguration {
        DataSourceConfiguration(source: FileDataSource(path: path, watch: watch, interval: interval, maxBytes: maxBytes))
    }

    /// flagd documents from several files, merged in order (a later file's flag replaces an
    /// earlier one's of the same key); see ``FlagdFilesDataSource``.
    public static func flagdFiles(_ paths: [String], watch: Bool = false, interval: Duration = .seconds(1),
                                  maxBytes: Int = FileDataSource.defaultMaxBytes) -> DataSourceConfiguration {
        DataSourceConfiguration(source: FlagdFilesDataSource(.files(paths), watch: watch, interval: interval, maxBytes: maxBytes))
    }

    /// flagd documents from every `*.json`, `*.yaml` and `*.yml` file of a directory, merged in the
    /// byte order of their names; with `watch`, files added, changed or removed are noticed. See
    /// ``FlagdFilesDataSource``.
    public static func flagdDirectory(_ path: String, watch: Bool = false, interval: Duration = .seconds(1),
                                      maxBytes: Int = FileDataSource.defaultMaxBytes) -> DataSourceConfiguration {
        DataSourceConfiguration(source: FlagdFilesDataSource(.directory(path), watch: watch, interval: interval, maxBytes: maxBytes))
    }

    /// A fixed document, served as the source's only answer.
    public static func bootstrap(_ payload: DefinitionsPayload) -> DataSourceConfiguration {
        DataSourceConfiguration(source: BootstrapDataSource(payload: payload))
    }

    /// Any source.
    public static func custom(_ source: any DataSource) -> DataSourceConfiguration {
        DataSourceConfiguration(source: source)
    }

    /// Polls a definitions URL (`…/definitions` of a Burgee service, or a file on any host that
    /// sends ETags) with `If-None-Match`, retrying failures with backoff.
    /// - Parameters:
    ///   - url: the definitions document's URL; plain `http` only to loopback unless allowed in `http`.
    ///   - interval: the time between requests.
    ///   - http: timeouts, headers, size limit, backoff.
    public static func polling(_ url: String, every interval: Duration = .seconds(30),
                               http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        DataSourceConfiguration(.polling(url: url, .every(interval), http))
    }

    /// Fetches the definitions once (retrying failures with backoff until one arrives), then stops.
    public static func fetchOnce(_ url: String, http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        DataSourceConfiguration(.polling(url: url, .once, http))
    }

    /// Keeps a Server-Sent Events stream open (`…/stream` of a Burgee service) and applies its
    /// `put`, `patch` and `delete` events; polls while the stream is down.
    /// - Parameters:
    ///   - url: the stream's URL; plain `http` only to loopback unless allowed in `http`.
    ///   - options: read-idle timeout and the fallback to polling.
    ///   - http: timeouts, headers, size limit, backoff.
    public static func streaming(_ url: String, options: StreamingOptions = StreamingOptions(),
                                 http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        DataSourceConfiguration(.streaming(url: url, options, http))
    }

    static func unleashSource(_ connection: UnleashConnection) -> DataSourceConfiguration {
        DataSourceConfiguration(.unleash(connection))
    }

    static func launchDarklySource(_ connection: LaunchDarklyConnection) -> DataSourceConfiguration {
        DataSourceConfiguration(.launchDarkly(connection))
    }

    /// The source to run, checked; network sources send `sdkKey`.
    func makeSource(sdkKey: SDKKey?) throws(ConfigurationError) -> any DataSource {
        switch storage {
        case .source(let file as FileDataSource):
            guard !file.path.isEmpty else { throw .emptyFilePath }
            if file.watch, file.interval <= .zero { throw .notPositive("the file watch interval") }
            guard file.maxBytes > 0 else { throw .notPositive("the file size limit") }
            return file
        case .source(let files as FlagdFilesDataSource):
            switch files.location {
            case .files(let paths):
                guard !paths.isEmpty, !paths.contains(where: \.isEmpty) else { throw .emptyFilePath }
            case .directory(let path):
                guard !path.isEmpty else { throw .emptyFilePath }
            }
            if files.watch, files.interval <= .zero { throw .notPositive("the file watch interval") }
            guard files.maxBytes > 0 else { throw .notPositive("the file size limit") }
            return files
        case .source(let source):
            return source
        case .polling(let url, let mode, let http):
            try http.validate()
            if case .every(let interval) = mode, interval <= .zero { throw .notPositive("the polling interval") }
            return PollingDataSource(url: try ServiceURL(url, allowInsecureHTTP: http.allowInsecureHTTP),
                                     mode: mode, http: http, sdkKey: sdkKey)
        case .streaming(let url, let options, let http):
            try http.validate()
            try options.validate()
            let streamURL = try ServiceURL(url, allowInsecureHTTP: http.allowInsecureHTTP)
            let pollingURL = try ServiceURL(options.pollingURL ?? streamURL.replacingLastPathSegment(with: "definitions"),
                                            allowInsecureHTTP: http.allowInsecureHTTP)
            return StreamingDataSource(url: streamURL, pollingURL: pollingURL, http: http, options: options, sdkKey: sdkKey,
                                       events: BurgeeStreamEvents())
        case .unleash(let connection):
            return try UnleashDataSource(connection: connection, apiToken: sdkKey)
        case .launchDarkly(let connection):
            return try connection.makeSource(sdkKey: sdkKey)
        }
    }
}
