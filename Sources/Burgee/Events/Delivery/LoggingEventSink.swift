import Logging

/// Writes each event as one JSON log line (schema of docs/events.md), for development and for
/// pipelines that collect logs.
package struct LoggingEventSink: EventSink {
    /// The logger written to.
    package let logger: Logger
    /// The level of the lines.
    package let level: Logger.Level

    /// A sink writing to `logger` at `level`.
    package init(logger: Logger, level: Logger.Level = .info) {
        self.logger = logger
        self.level = level
    }

    /// Logs every event of the batch.
    package func send(_ batch: EventBatch) async throws {
        for event in batch.events {
            logger.log(level: level, "\(event.jsonText)", metadata: ["event": "\(event.kind)"])
        }
    }
}
