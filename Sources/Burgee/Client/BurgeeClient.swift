import BurgeeCore
import Logging
import Metrics
import ServiceLifecycle

/// A feature-flag client that evaluates locally against compiled definitions.
///
/// Evaluations read the current snapshot without locks and never wait for an update or for I/O;
/// updates are compiled off the evaluation path and swapped in whole. Run the client as a
/// `Service` in a `ServiceGroup`, or call ``start()`` and ``close()``.
///
/// ```swift
/// let client = try BurgeeClient(configuration: .init(source: .file("flags.json", watch: true)))
/// client.start()
/// _ = await client.waitUntilReady(timeout: .seconds(5))
/// let on = client.boolVariation("new-checkout", context: Context(key: "u-1"), default: false)
/// await client.close()
/// ```
public final class BurgeeClient: Service, Sendable {
    private enum Lifecycle {
        case idle
        case running(Task<Void, Never>?)
        case closed
    }

    /// The configuration the client was created with.
    public let configuration: Configuration
    package let cell: SnapshotCell<ClientState>
    let pipeline: UpdatePipeline
    let broadcaster: EventBroadcaster<ClientEvent>
    let observers: FlagObservers
    let metrics: ClientMetrics
    let fallbacks: Fallbacks
    package let logger: Logger
    /// Delivers events; `nil` when the configuration has none.
    let eventProcessor: EventProcessor?
    /// Records events on the evaluation path; `nil` when the configuration has none.
    let recorder: EventRecorder?
    /// The configuration's hooks.
    let hooks: [any Hook]
    /// Span events of evaluations; `nil` when the configuration asks for none.
    let spanEvents: EvaluationSpanEvents?
    /// Whether evaluations take the intercepted path (hooks, span events): one flag, so the hot
    /// path tests one byte.
    let intercepts: Bool
    /// The client's name as hooks see it: its logger's label.
    let clientName: String
    private let source: any DataSource
    /// Per-client state of client-side modules (``attachment(_:make:)``).
    let attachments = ClientAttachments()
    /// The configuration's clock, as the client's parts use it. (Kept after the evaluation path's
    /// properties, which then sit in the object's first lines.)
    package let clock: ClientClock
    private let lifecycle = Locked(Lifecycle.idle)
    private let stopRequested = OneShotSignal()
    private let stopped = OneShotSignal()

    /// Creates a client; nothing is loaded until it runs.
    /// - Throws: ``ConfigurationError`` for an unusable configuration (a bad cache prefix, say).
    public init(configuration: Configuration) throws(ConfigurationError) {
        try configuration.validate()
        self.source = try configuration.source.makeSource(sdkKey: configuration.key)
        self.configuration = configuration
        self.fallbacks = configuration.fallbacks
        self.logger = configuration.logger
        self.hooks = configuration.hooks
        self.spanEvents = configuration.openTelemetry ? EvaluationSpanEvents(tracer: configuration.tracer) : nil
        self.intercepts = !configuration.hooks.isEmpty || configuration.openTelemetry
        self.clientName = configuration.logger.label
        let clock = ClientClock(configuration.clock)
        self.clock = clock
        let broadcaster = EventBroadcaster<ClientEvent>(bufferSize: configuration.eventBufferSize)
        let cell = SnapshotCell(ClientState.notReady)
        let observers = FlagObservers()
        let metrics = ClientMetrics(factory: configuration.metricsFactory ?? MetricsSystem.factory)
        let sink = try configuration.events.map { events throws(ConfigurationError) in
            try events.destination.makeSink(configuration.key, configuration.logger, clock)
        }
        let processor = configuration.events.flatMap { events in
            sink.map { sink in
                EventProcessor(configuration: events, sink: sink, logger: configuration.logger, clock: clock,
                               currentTable: { [cell] in cell.read { $0.eventTable } })
            }
        }
        self.eventProcessor = processor
        self.recorder = processor?.recorder
        self.broadcaster = broadcaster
        self.cell = cell
        self.observers = observers
        self.metrics = metrics
        self.pipeline = UpdatePipeline(
            cell: cell, status: StatusTracker(events: broadcaster, logger: configuration.logger), events: broadcaster,
            observers: observers, metrics: metrics,
            cache: configuration.cache.map { PersistentCache(configuration: $0, logger: configuration.logger, maxBytes: configuration.limits.maxBytes) },
            limits: configuration.limits, flagSets: configuration.flagSets, compileOptions: configuration.compileOptions,
            mirror: configuration.definitionsMirror, logger: configuration.logger,
            recorder: processor?.recorder)
        sink?.attach(to: self)
    }

    // MARK: Lifecycle

    /// Runs the client until graceful shutdown, cancellation or ``close()``: loads the bootstrap
    /// document or the cache, then runs the data source. Returns at once if the client already
    /// runs or was closed.
    public func run() async throws {
        let begins = lifecycle.withLock { state -> Bool in
            guard case .idle = state else { return false }
            state = .running(nil)
            return true
        }
        guard begins else {
            logger.debug("run() ignored: the client is already running or closed")
            return
        }
        await runUntilStopped()
    }

    /// Starts ``run()`` in a task of its own, for use without a `ServiceGroup`.
    public func start() {
        lifecycle.withLock { state in
            guard case .idle = state else { return }
            state = .running(Task { await self.runUntilStopped() })
        }
    }

    /// Stops recording events and delivers those queued with the last summary, stops the data
    /// source and ends notification streams; returns once the client has stopped. Evaluations keep
    /// serving the last definitions (without events); ``track(_:context:value:properties:)`` returns `false`.
    public func close() async {
        let wasRunning = lifecycle.withLock { state -> Bool in
            switch state {
            case .idle:
                state = .closed
                return false
            case .running:
                return true
            case .closed:
                return true
            }
        }
        stopRequested.fire()
        if wasRunning {
            await stopped.wait()
        } else {
            await eventProcessor?.close()
            finish()
        }
    }

    private func runUntilStopped() async {
        let bootstrap = configuration.bootstrap
        pipeline.loadInitial(bootstrap: bootstrap, cache: pipeline.cache?.load())
        let sink = DataSourceSink(logger: logger, clock: clock, pipeline: pipeline)
        let source = self.source
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await source.run(sink) }
                if let timeout = configuration.readyTimeout {
                    group.addTask { await self.watchReadiness(timeout) }
                }
                group.addTask { await self.reportMetrics() }
                if let eventProcessor { group.addTask { await eventProcessor.run() } }
                await stopRequested.wait()
                // Before the tasks stop: the last events and summary leave while sync is still up.
                await eventProcessor?.close()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.stopRequested.fire()
        }
        lifecycle.withLock { $0 = .closed }
        finish()
    }

    private func finish() {
        metrics.flush(cell.evaluationCounts())
        pipeline.status.set(.off)
        broadcaster.finish()
        observers.finish()
        stopped.fire()
    }

    private func watchReadiness(_ timeout: Duration) async {
        guard await !waitUntilReady(timeout: timeout), !Task.isCancelled else { return }
        logger.warning("no definitions within the ready timeout", metadata: ["timeout": "\(timeout)"])
        broadcaster.yield(.readyTimedOut(timeout))
    }

    private func reportMetrics() async {
        while (try? await clock.sleep(for: configuration.metricsInterval)) != nil {
            metrics.flush(cell.evaluationCounts())
        }
    }

    // MARK: Readiness and events

    /// Whether definitions are loaded (from the source, the cache or the bootstrap document).
    public var isReady: Bool { cell.read { $0.snapshot != nil } }

    /// Where the current definitions came from; `nil` before ready.
    public var definitionsOrigin: ClientEvent.DefinitionsOrigin? { cell.read { $0.origin } }

    /// The version of the current definitions; `nil` before ready.
    public var definitionsVersion: Int64? { cell.read { $0.snapshot?.version } }

    /// The problems of the current definitions: errors, which make their flag or segment
    /// malformed (it evaluates to `ERROR/MALFORMED_FLAG`), and warnings, which do not. Ordered by
    /// flag key, then segment key; empty before ready and when the definitions have none.
    public var definitionsProblems: [DefinitionProblem] { cell.read { $0.snapshot?.problems ?? [] } }

    /// The data source's status.
    public var dataSourceStatus: DataSourceStatus { pipeline.status.current }

    /// Waits until the client is ready or `timeout` passes on the client's clock
    /// (``Configuration/clock``), or returns at once when it can no longer become ready from its
    /// source: the source stopped for good (`unauthorized`) or there is none (`off`) and no
    /// definitions arrived. ``dataSourceStatus`` then says why.
    /// - Returns: whether it is ready.
    public func waitUntilReady(timeout: Duration) async -> Bool {
        if isReady { return true }
        let stream = broadcaster.subscribe()
        if isReady { return true }
        if Self.isTerminal(dataSourceStatus.state) { return false }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await event in stream {
                    switch event {
                    case .ready: return true
                    case .statusChanged(let status) where Self.isTerminal(status.state): return false
                    default: continue
                    }
                }
                return false
            }
            group.addTask { [clock] in
                try? await clock.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first || self.isReady
        }
    }

    /// Whether a source in `state` will deliver nothing more.
    private static func isTerminal(_ state: DataSourceStatus.State) -> Bool {
        state == .unauthorized || state == .off
    }

    /// A stream of the client's events from now on (ready, ready timed out, updated, status
    /// changes). It ends when the client is closed. Each call makes a new subscription.
    public func events() -> AsyncStream<ClientEvent> {
        broadcaster.subscribe()
    }

    /// A stream of the changes of one flag's value for one context, as updates arrive
    /// (LaunchDarkly's flag value change listener). Values are the flag's own (`null` when it
    /// serves none), without fallbacks. It ends when the client is closed.
    public func flagValueChanges(_ flagKey: String, context: Context) -> AsyncStream<FlagValueChange> {
        observers.observe(flagKey, context: context)
    }

    /// Moves the evaluation counts to the metrics now (they also move every `metricsInterval`
    /// while the client runs, and when it stops).
    public func flushMetrics() {
        metrics.flush(cell.evaluationCounts())
    }
}
