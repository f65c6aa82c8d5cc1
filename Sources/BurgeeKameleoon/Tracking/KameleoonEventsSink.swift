import Burgee
import BurgeeCore
import Logging

/// Delivers a client's Kameleoon tracking as Kameleoon's SDKs post it: each delivery of the
/// client's events (its interval, `flush()`, `close()`) runs the tracking of the visitors
/// registered since the last run (``KameleoonTrackingRegistry``; the custom events that
/// registrations queued only start it), as a ``KameleoonTrackingRun``: `\n`-separated lines in
/// `POST {data}/visit/events?sdkName=…&sdkVersion=…&siteCode=…&bodyUa=true` with the access token,
/// at most 2.5 million characters a request. Exposures and summaries have no Kameleoon form and
/// are left out. Each post is retried once, as the HTTP destination retries; the data of one that
/// fails is unsent again and its visitors registered again for the next run, and the batch fails,
/// its events counted as dropped.
final class KameleoonEventsSink: EventSink {
    /// Kameleoon's SDKs keep a tracking request under this many characters.
    static let maxRequestCharacters = 2_500_000

    /// What a run reads of the client the sink delivers for.
    private struct Attachment: Sendable {
        let services: KameleoonServices
        /// The current configuration and the evaluation clock's time, if fixed.
        let current: @Sendable () -> (KameleoonDocument?, Int64?)
    }

    private let posts: HTTPEventSink
    private let clock: ClientClock
    private let attachment = Locked<Attachment?>(nil)

    init(connection: KameleoonConnection, retryDelay: Duration, logger: Logger, clock: ClientClock) throws(ConfigurationError) {
        // The client's token once attached (the one its Data API calls use), when it is for the
        // same credentials; a token of the sink's own until then, or for other credentials.
        let own = KameleoonAccessToken(connection: connection, logger: logger, clock: clock)
        let attachment = self.attachment
        self.clock = clock
        posts = try HTTPEventSink(endpoint: connection.trackingURL(), sdkKey: nil, http: connection.http, retryDelay: retryDelay,
                                  logger: logger, clock: clock, sendsSchemaHeader: false, contentType: "*/*",
                                  authorize: {
                                      let shared = attachment.withLock { $0?.services.token }.flatMap { $0.serves(connection) ? $0 : nil }
                                      return await (shared ?? own).authorization()
                                  }, encode: { _ in nil })
    }

    func attach(to client: BurgeeClient) {
        let services = client.kameleoonServices
        services.registry.enable()
        let cell = client.cell
        attachment.withLock {
            $0 = Attachment(services: services, current: {
                cell.read { ($0.snapshot?.kameleoonDocument, $0.snapshot?.nowMilliseconds) }
            })
        }
    }

    func send(_ batch: EventBatch) async throws {
        guard let attachment = attachment.withLock({ $0 }) else { return }
        let services = attachment.services
        let codes = services.registry.extract()
        guard !codes.isEmpty else { return }
        let (document, fixedNow) = attachment.current()
        let now = fixedNow ?? clock.wallMilliseconds()
        let run = KameleoonTrackingRun(codes, visitors: services.visitors, document: document, now: now)
        run.markTransmitting(in: services.visitors, now: now)
        let lines = run.lines
        var start = 0
        while start < lines.count {
            var end = start
            var size = 0
            while end < lines.count, end == start || size + 1 + lines[end].text.utf8.count <= Self.maxRequestCharacters {
                size += (end == start ? 0 : 1) + lines[end].text.utf8.count
                end += 1
            }
            let body = lines[start..<end].map(\.text).joined(separator: "\n")
            do {
                try await posts.send(body: Array(body.utf8), events: end - start)
            } catch {
                // Unsent again, and registered again, as Kameleoon's SDKs roll a failed request back.
                KameleoonTrackingRun.settle(lines[start...], in: services.visitors, sent: false, now: now)
                services.registry.add(contentsOf: lines[start...].map(\.code))
                throw error
            }
            KameleoonTrackingRun.settle(lines[start..<end], in: services.visitors, sent: true, now: now)
            start = end
        }
    }

    func shutdown() async {
        await posts.shutdown()
    }
}

extension EventDestination {
    /// Kameleoon's tracking (see ``BurgeeClient/Configuration/kameleoon(siteCode:environment:clientID:clientSecret:networkDomain:baseURL:refreshInterval:trackingInterval:visitors:http:cache:logger:)``).
    static func kameleoon(_ connection: KameleoonConnection, retryDelay: Duration = .seconds(5)) -> EventDestination {
        EventDestination(
            validate: { () throws(ConfigurationError) in try connection.validate() },
            makeSink: { _, logger, clock throws(ConfigurationError) in
                try KameleoonEventsSink(connection: connection, retryDelay: retryDelay, logger: logger, clock: clock)
            })
    }
}
