import Logging

/// Polls a definitions URL with `If-None-Match`: a 304 costs no parsing; failures are retried
/// with backoff (or after `Retry-After`); 401/403 stop the source as `unauthorized`.
package struct PollingDataSource: DataSource {
    /// Poll for ever, or only until the first document is applied.
    package enum Mode: Sendable {
        case every(Duration)
        case once
    }

    package let url: ServiceURL
    package let mode: Mode
    package let http: HTTPOptions
    package let sdkKey: SDKKey?
    /// How a body is delivered: by default as JSON of the format its shape shows.
    package var payload: @Sendable ([UInt8]) -> DefinitionsPayload

    /// A source; `payload` says how a body is delivered (JSON of the format its shape shows by default).
    package init(url: ServiceURL, mode: Mode, http: HTTPOptions, sdkKey: SDKKey?,
                 payload: @escaping @Sendable ([UInt8]) -> DefinitionsPayload = { .json($0) }) {
        self.url = url
        self.mode = mode
        self.http = http
        self.sdkKey = sdkKey
        self.payload = payload
    }

    package func run(_ sink: DataSourceSink) async {
        let transport = DefinitionsTransport(options: http, sdkKey: sdkKey, readTimeout: http.requestTimeout)
        await loop.run(sink, transport)
        await transport.shutdown()
    }

    private var loop: PollLoop {
        switch mode {
        case .every(let interval): loop(interval: interval, once: false)
        case .once: loop(interval: .zero, once: true)
        }
    }

    private func loop(interval: Duration, once: Bool) -> PollLoop {
        PollLoop(url: url, pacing: .backoff(interval: interval, http.backoff), maxRetryAfter: http.maxRetryAfter, once: once,
                 payload: payload, failedMessage: "definitions request failed",
                 refusedMessage: "definitions request refused; polling stops")
    }
}
