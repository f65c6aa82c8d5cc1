import BurgeeCore
import Hummingbird
import Logging
import ServiceLifecycle

/// A definitions server: serves a definitions document over HTTP, in the API of its format
/// (``DefinitionsServerConfiguration/format``): Burgee's own sync protocol for native documents,
/// the vendor's API for the other formats (see their pages in `docs/`). A native server answers:
///
/// - `GET /definitions`: the document, with a strong `ETag` and `304 Not Modified` for `If-None-Match`.
/// - `GET /stream`: Server-Sent Events: a `put` with the whole document, then `patch` and `delete`
///   per changed item, and heartbeats.
/// - `POST /events`: event batches, answered 202 and stored in memory, decoded (``receivedEvents``),
///   listed (`GET /events`: a JSON array of the batches) and counted (`GET /events/stats`); both
///   need the SDK key when there is one. The most recent
///   ``DefinitionsServerConfiguration/maxRetainedRecords`` bodies are kept; the counts stay exact.
///   A body may be gzipped (`Content-Encoding: gzip`; answers
///   say `Accept-Encoding: gzip` unless ``DefinitionsServerConfiguration/acceptsGzipEvents`` is off);
///   other codings get 415. A body above ``DefinitionsServerConfiguration/maxEventsBodyBytes``, as
///   received or decoded, gets 413; a corrupt gzip stream, or a body that is not a JSON object with
///   an `events` array, gets 400.
///
/// The definitions come from a file, followed as it changes, or from bytes, replaced with
/// ``update(definitions:)``. Versions are assigned as items change, so that hand-edited files
/// need no version bumps; see `docs/sync.md`.
///
/// For tests it can misbehave on command: ``inject(_:on:times:)`` queues faults, ``broadcast(event:data:id:)``
/// sends raw events, ``streamCloseAfterEvents`` ends streams early, and ``requestLog`` records what arrived.
///
/// Run it as a `Service` in a `ServiceGroup`, or with ``start()`` in the background:
///
/// ```swift
/// let server = try DefinitionsServer(definitions: .file("flags.json"), logger: logger)
/// let running = try await server.start()
/// print(running.baseURL)  // http://127.0.0.1:49152
/// await running.stop()
/// ```
public final class DefinitionsServer: Service, Sendable {
    /// Where the definitions come from.
    public enum Source: Sendable {
        /// A file, read at start and polled for changes.
        case file(String)
        /// A document's bytes; replace them with ``DefinitionsServer/update(definitions:)``.
        case json([UInt8])
    }

    private struct RunState {
        var isRunning = false
        var port: Int?
        var streamCloseAfterEvents: Int?
    }

    /// How the server listens and behaves.
    public let configuration: DefinitionsServerConfiguration
    /// What the configured format serves: its routes, documents, streams and records.
    let servedFormat: any ServedFormat.Type
    let logger: Logger
    let store: DefinitionsStore
    let faults = FaultQueue()
    /// When the explorer saw each flag change.
    let explorerChanges = ExplorerChanges()
    let requests: RequestLog
    let inbox: EventsInbox
    /// What the served format records of its clients' own posts.
    let records: FormatRecords
    let keyCheck: SDKKeyCheck
    private let watcher: DefinitionsFileWatcher?
    private let runState = Locked(RunState())
    /// When the server was created, for `GET /status`.
    let startTime: ContinuousClock.Instant

    /// A server for `definitions`; throws when they cannot be read or are not a usable document.
    public init(
        configuration: DefinitionsServerConfiguration = DefinitionsServerConfiguration(),
        definitions source: Source,
        logger: Logger
    ) throws(DefinitionsServerError) {
        self.configuration = configuration
        self.logger = logger
        keyCheck = SDKKeyCheck(key: configuration.sdkKey)
        requests = RequestLog(capacity: configuration.maxRetainedRecords)
        inbox = EventsInbox(capacity: configuration.maxRetainedRecords)
        records = FormatRecords(capacity: configuration.maxRetainedRecords)
        startTime = .now
        guard let served = ServedFormats.descriptor(for: configuration.format) else {
            throw .unsupportedFormat(configuration.format)
        }
        servedFormat = served
        switch source {
        case .file(let path):
            let (parsed, contents) = try DefinitionsFileWatcher.load(path: path, as: served)
            store = DefinitionsStore(ServedDefinitions(parsed))
            watcher = DefinitionsFileWatcher(path: path, served: served, initial: contents, store: store, logger: logger)
        case .json(let bytes):
            do {
                store = DefinitionsStore(ServedDefinitions(try ParsedDefinitions(jsonBytes: bytes, as: served)))
            } catch {
                throw .invalidDefinitions(error)
            }
            watcher = nil
        }
    }

    // MARK: Running

    /// Serves until cancelled or shut down gracefully; a graceful shutdown first ends open streams.
    public func run() async throws {
        try await run(onListening: { _ in })
    }

    func run(onListening: @escaping @Sendable (Int) -> Void) async throws {
        try runState.withLock { (s) throws(DefinitionsServerError) in
            guard !s.isRunning else { throw .alreadyRunning }
            s.isRunning = true
        }
        store.openForStreams()
        defer {
            store.closeStreams()
            runState.withLock { s in
                s.isRunning = false
                s.port = nil
            }
        }
        var application = Application(
            responder: DefinitionsResponder(server: self),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                self.runState.withLock { $0.port = port }
                onListening(port)
            },
            logger: logger
        )
        application.addServices(HeartbeatService(store: store, interval: configuration.heartbeatInterval))
        if let watcher {
            application.addServices(FileWatchService(watcher: watcher, interval: configuration.watchInterval,
                                                     clock: configuration.watchClock))
        }
        try await withGracefulShutdownHandler {
            try await application.run()
        } onGracefulShutdown: { [store] in
            // Open streams never end by themselves; the server's shutdown would wait for them.
            store.closeStreams()
        }
    }

    /// Starts serving in the background and returns once listening.
    public func start() async throws -> RunningDefinitionsServer {
        let (ports, portsContinuation) = AsyncStream<Int>.makeStream()
        let service = ListeningService(server: self, onListening: { port in
            portsContinuation.yield(port)
            portsContinuation.finish()
        })
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [service], logger: logger))
        let task = Task {
            defer { portsContinuation.finish() }
            try await group.run()
        }
        let port = await withTaskCancellationHandler {
            var iterator = ports.makeAsyncIterator()
            return await iterator.next()
        } onCancel: {
            task.cancel()
        }
        if let port {
            return RunningDefinitionsServer(server: self, port: port, group: group, task: task)
        }
        try await task.value
        throw DefinitionsServerError.stoppedBeforeListening
    }

    /// Creates a server and starts it in the background; returns once it is listening.
    public static func start(
        configuration: DefinitionsServerConfiguration = DefinitionsServerConfiguration(),
        definitions source: Source,
        logger: Logger
    ) async throws -> RunningDefinitionsServer {
        try await DefinitionsServer(configuration: configuration, definitions: source, logger: logger).start()
    }

    /// The port the server listens on, or `nil` when it is not listening.
    public var port: Int? {
        runState.withLock { $0.port }
    }

    // MARK: Definitions

    /// Replaces the definitions, as a change of the file would: changed, new and removed items
    /// are announced on open streams with new versions. Throws, keeping the current definitions,
    /// when the bytes are not a usable document.
    @discardableResult
    public func update(definitions jsonBytes: [UInt8]) throws(DefinitionsError) -> [DefinitionsChange] {
        store.apply(try ParsedDefinitions(jsonBytes: jsonBytes, as: servedFormat))
    }

    /// Yields after every update of the served definitions (a file reloaded, ``update(definitions:)``,
    /// a relayed change); a burst of updates may come as one. Read ``currentDocument`` then.
    public func definitionsUpdates() -> AsyncStream<Void> {
        store.updates()
    }

    /// The served document's version.
    public var currentDocumentVersion: Int64 {
        store.served.documentVersion
    }

    /// The served document's `ETag`, quotes included.
    public var currentETag: String {
        store.served.etag
    }

    /// The served document, as `GET /definitions` sends it.
    public var currentDocument: [UInt8] {
        Array(store.served.body.readableBytesView)
    }

    // MARK: Streams

    /// How many streams are open.
    public var openStreams: Int {
        store.openStreams
    }

    /// When set, every stream connection ends cleanly after sending this many events, its `put` included.
    public var streamCloseAfterEvents: Int? {
        get { runState.withLock { $0.streamCloseAfterEvents } }
        set { runState.withLock { $0.streamCloseAfterEvents = newValue } }
    }

    /// Sends a raw event to every open stream: for example a patch out of order.
    public func broadcast(event: String, data: String, id: String? = nil) {
        store.broadcast(ServerSentEvent.encode(event: event, id: id, data: data))
    }

    // MARK: Faults

    /// Queues `fault` for the next `times` requests to `endpoint`, after faults queued before it.
    public func inject(_ fault: Fault, on endpoint: Endpoint, times: Int = 1) {
        faults.inject(fault, on: endpoint, times: times)
    }

    /// Forgets every queued fault.
    public func clearFaults() {
        faults.clear()
    }

    /// How many requests to `endpoint` will still meet a queued fault.
    public func pendingFaults(on endpoint: Endpoint) -> Int {
        faults.pending(for: endpoint)
    }

    // MARK: Records

    /// The most recent requests, in arrival order: at most
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var requestLog: [RequestRecord] {
        requests.all
    }

    /// How many requests arrived in all, those dropped from ``requestLog`` included.
    public var requestCount: Int {
        requests.total
    }

    /// The most recent bodies posted to `/events` and accepted, decoded, in arrival order: at most
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var receivedEvents: [[UInt8]] {
        inbox.posts.map(\.body)
    }

    /// The most recent bodies posted to `/events` and accepted, decoded, with their encoding, size
    /// as received and arrival time: at most ``DefinitionsServerConfiguration/maxRetainedRecords``.
    public var receivedEventRequests: [ReceivedEvents] {
        inbox.posts
    }

    /// How many event bodies were stored in all, and their size as received: exact, those dropped
    /// from ``receivedEvents`` included.
    public var eventStats: EventStats {
        inbox.stats
    }

    // MARK: Activity

    /// Running totals of everything the server received, for summaries: subtract an earlier
    /// reading with ``ServerActivity/since(_:)`` for the counts of an interval.
    public var activity: ServerActivity {
        var activity = ServerActivity(requests: requests.total, eventBatches: inbox.stats.requests)
        servedFormat.count(on: self, into: &activity)
        return activity
    }
}
