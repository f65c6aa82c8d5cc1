import Burgee
import BurgeeCore
import Logging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Posts LaunchDarkly's events as its server SDKs do (go-server-sdk's `ldevents` sender): a
/// payload to `<eventsBaseURI>/bulk` with `Authorization: <SDK key>`, `User-Agent`,
/// `X-LaunchDarkly-Event-Schema: 4` and an `X-LaunchDarkly-Payload-ID` made for the payload and
/// kept for its retry; diagnostic events to `<eventsBaseURI>/diagnostic` without those two.
///
/// One retry, after the retry delay (1 second), on a network failure, a 400, 408 or 429, or any
/// status outside 4xx; `Retry-After` is not read. Any other 4xx is final, and every one but 413
/// means the key was refused: LaunchDarkly's SDKs then send no more events, and neither does
/// this sender. The `Date` of a delivered payload's answer is the service's time, which ends
/// debug events whatever this machine's clock says (``lastKnownPastTime``).
final class LaunchDarklyEventSender: Sendable {
    /// What became of a payload.
    enum Outcome: Equatable, Sendable {
        case delivered
        /// Not delivered (after the retry, if it was retried); later payloads may be.
        case failed(status: Int?)
        /// Refused for good: a 4xx other than 400, 408, 413 and 429. Nothing more is sent.
        case disabled(status: Int)
    }

    /// LaunchDarkly's events service.
    static let defaultBaseURI = "https://events.launchdarkly.com"
    /// The schema of the payloads.
    static let schemaVersion = "4"

    private let bulk: HTTPEventSink
    private let diagnostic: HTTPEventSink
    private let logger: Logger
    private let state: Locked<State>

    private struct State {
        var lastKnownPastTime: Int64 = 0
        var disabled = false
    }

    /// LaunchDarkly's own rule for which answers a retry may change.
    static let retryPolicy = EventRetryPolicy(honoursRetryAfter: false) { status in
        !(400..<500).contains(status) || status == 400 || status == 408 || status == 429
    }

    /// A sender to `baseURI` (LaunchDarkly's events service, a Relay Proxy, `burgee serve`).
    /// - Throws: ``ConfigurationError`` for an unusable URI or HTTP options.
    init(baseURI: String = defaultBaseURI, sdkKey: SDKKey?, http: HTTPOptions, retryDelay: Duration = .seconds(1),
         logger: Logger, clock: ClientClock) throws(ConfigurationError) {
        var http = http
        http.headers["User-Agent"] = LaunchDarklyConnection.userAgent
        var trimmed = Substring(baseURI)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let base = String(trimmed)
        let state = Locked(State())
        self.state = state
        bulk = try HTTPEventSink(
            endpoint: base + "/bulk", sdkKey: sdkKey, http: http, retryDelay: retryDelay, logger: logger, clock: clock,
            sendsSchemaHeader: false, retryPolicy: Self.retryPolicy,
            bodyHeaders: {
                [("X-LaunchDarkly-Event-Schema", Self.schemaVersion), ("X-LaunchDarkly-Payload-ID", UUID().uuidString.lowercased())]
            },
            observe: { status, date in
                guard (200..<300).contains(status), let date, let seconds = HTTPDate.unixSeconds(date) else { return }
                state.withLock { $0.lastKnownPastTime = seconds * 1000 }
            },
            encode: { _ in nil })
        diagnostic = try HTTPEventSink(
            endpoint: base + "/diagnostic", sdkKey: sdkKey, http: http, retryDelay: retryDelay, logger: logger,
            clock: clock, sendsSchemaHeader: false, retryPolicy: Self.retryPolicy, encode: { _ in nil })
        self.logger = logger
    }

    /// The service's time at its last delivered payload, in milliseconds since the Unix epoch (0
    /// before any).
    var lastKnownPastTime: Int64 { state.withLock { $0.lastKnownPastTime } }

    /// Whether the service refused the key: nothing is sent any more.
    var isDisabled: Bool { state.withLock { $0.disabled } }

    /// Posts a `/bulk` payload of `events` events.
    func sendBulk(_ body: [UInt8], events: Int) async -> Outcome {
        guard !isDisabled else { return .disabled(status: 0) }
        do {
            try await bulk.send(body: body, events: events)
            return .delivered
        } catch let error as EventDeliveryError {
            guard let status = error.statusCode, Self.disables(status) else {
                logger.warning("LaunchDarkly events not delivered", metadata: ["error": "\(error)", "events": "\(events)"])
                return .failed(status: error.statusCode)
            }
            state.withLock { $0.disabled = true }
            logger.error("LaunchDarkly refused the SDK key (\(status)): no more analytics events are sent")
            return .disabled(status: status)
        } catch {
            return .failed(status: nil)
        }
    }

    /// Posts a diagnostic event; its answer changes nothing (a 401 there does not stop `/bulk`).
    func sendDiagnostic(_ body: [UInt8]) async {
        guard !isDisabled else { return }
        try? await diagnostic.send(body: body, events: 1)
    }

    /// Whether a final answer with `status` stops all events: a 4xx that is not retried, but 413.
    static func disables(_ status: Int) -> Bool {
        (400..<500).contains(status) && !retryPolicy.retries(status) && status != 413
    }

    /// Closes the connections.
    func shutdown() async {
        await bulk.shutdown()
        await diagnostic.shutdown()
    }
}
