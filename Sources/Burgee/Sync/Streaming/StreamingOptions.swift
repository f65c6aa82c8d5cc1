extension DataSourceConfiguration {
    /// How the streaming source keeps its connection and what it does while it is down.
    package struct StreamingOptions: Sendable {
        /// The connection is dropped and reopened when nothing (event or heartbeat) arrives for this
        /// long, on the client's clock; keep it above the server's heartbeat interval.
        package var readIdleTimeout: Duration
        /// After this many consecutive failed connections the source also polls, until the stream is back.
        package var fallbackAfterFailures: Int
        /// How often to poll while falling back.
        package var fallbackPollingInterval: Duration
        /// The definitions URL polled while falling back; by default the stream URL with its last path
        /// segment replaced by `definitions`.
        package var pollingURL: String?

        /// Options; the defaults suit a server that sends a heartbeat at least every 30 seconds.
        package init(readIdleTimeout: Duration = .seconds(60), fallbackAfterFailures: Int = 3,
                    fallbackPollingInterval: Duration = .seconds(30), pollingURL: String? = nil) {
            self.readIdleTimeout = readIdleTimeout
            self.fallbackAfterFailures = fallbackAfterFailures
            self.fallbackPollingInterval = fallbackPollingInterval
            self.pollingURL = pollingURL
        }

        package func validate() throws(ConfigurationError) {
            guard readIdleTimeout > .zero else { throw .notPositive("the stream's read-idle timeout") }
            guard fallbackAfterFailures > 0 else { throw .notPositive("the failures before falling back to polling") }
            guard fallbackPollingInterval > .zero else { throw .notPositive("the fallback polling interval") }
        }
    }
}
