import BurgeeCore
import Logging

/// Where definitions come from: a file, a fixed document, nothing, or (with the network sources)
/// a server. A source runs until its task is cancelled, delivering documents to a sink.
package protocol DataSource: Sendable {
    /// Delivers definitions and status changes to `sink` until cancelled. Must not throw: failures
    /// are reported through the sink, and the source retries as it sees fit.
    func run(_ sink: DataSourceSink) async
}

/// What a data source delivers to: the client's update pipeline.
package struct DataSourceSink: Sendable {
    /// The client's logger.
    package let logger: Logger
    /// The client's clock: every wait of a source (intervals, backoff, reconnections) is on it.
    package let clock: ClientClock
    let pipeline: UpdatePipeline

    init(logger: Logger, clock: ClientClock, pipeline: UpdatePipeline) {
        self.logger = logger
        self.clock = clock
        self.pipeline = pipeline
    }

    /// Replaces all definitions. The payload is parsed and compiled here, off the evaluation path;
    /// if it cannot be read it is rejected whole, the last good definitions stay, and the status
    /// becomes interrupted (or stays initializing) with the error.
    /// - Returns: whether the payload was applied.
    @discardableResult
    package func apply(_ payload: DefinitionsPayload) async -> Bool {
        pipeline.apply(payload, origin: .dataSource)
    }

    /// Applies a change to one flag or segment when its version is newer than the one held;
    /// the patched definitions are compiled here and swapped in whole.
    @discardableResult
    package func apply(_ patch: DefinitionsPatch) async -> PatchResult {
        pipeline.apply(patch)
    }

    /// The client's limits for parsing definitions, for sources that parse messages themselves.
    package var limits: JSONLimits { pipeline.limits }

    /// How the client compiles definitions, for sources that report what it evaluates (the custom
    /// strategies an Unleash client registers).
    package var compileOptions: CompileOptions { pipeline.compileOptions }

    /// Reports a failure: the status becomes interrupted (initializing until the first success).
    package func fail(_ error: DataSourceError) {
        pipeline.status.fail(error)
    }

    /// Reports that the source is up to date without new definitions (a 304, an unchanged file).
    package func confirmValid() {
        pipeline.status.set(.valid)
    }

    /// Sets the status to `state` (`unauthorized` or `off` when the source stops).
    package func setState(_ state: DataSourceStatus.State, error: DataSourceError? = nil) {
        pipeline.status.set(state, error: error)
    }
}
