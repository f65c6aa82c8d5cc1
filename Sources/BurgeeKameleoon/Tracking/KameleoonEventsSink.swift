import Burgee
import BurgeeCore
import Logging

/// Delivers a client's Kameleoon tracking as Kameleoon's SDKs post it: the custom events that
/// Kameleoon's calls queued (``KameleoonTracker``), one line each
/// (``KameleoonTrackingLine``; a later assignment or datum replacing an earlier one of the same
/// kind), `\n`-separated, in `POST {data}/visit/events?sdkName=…&sdkVersion=…&siteCode=…&bodyUa=true`
/// with the access token, at most 2.5 million characters a request. Exposures and summaries
/// have no Kameleoon form and are left out. Each post is retried once, as the HTTP destination
/// retries; one that fails fails the batch, whose events the client then counts as dropped.
final class KameleoonEventsSink: EventSink {
    /// Kameleoon's SDKs keep a tracking request under this many characters.
    static let maxRequestCharacters = 2_500_000

    private let posts: HTTPEventSink

    init(connection: KameleoonConnection, retryDelay: Duration, logger: Logger, clock: ClientClock) throws(ConfigurationError) {
        let token = KameleoonAccessToken(connection: connection, logger: logger, clock: clock)
        posts = try HTTPEventSink(endpoint: connection.trackingURL(), sdkKey: nil, http: connection.http, retryDelay: retryDelay,
                                  logger: logger, clock: clock, sendsSchemaHeader: false, contentType: "*/*",
                                  authorize: { await token.authorization() }, encode: { _ in nil })
    }

    func send(_ batch: EventBatch) async throws {
        var generator = SystemRandomNumberGenerator()
        var lines: [String] = []
        // A visitor's latest assignment per experiment, custom data per index, static data per
        // field and geolocation replace earlier unsent ones, as a Kameleoon visitor holds them
        // until they are sent: one line each per post.
        var latest: [String: Int] = [:]
        for case .custom(let event) in batch.events {
            guard let line = KameleoonTrackingLine.line(event, nonce: generator.next()) else { continue }
            if let key = KameleoonTrackingLine.replacementKey(event) {
                if let index = latest[key] {
                    lines[index] = line
                    continue
                }
                latest[key] = lines.count
            }
            lines.append(line)
        }
        var body = ""
        var count = 0
        for line in lines {
            if !body.isEmpty, body.utf8.count + 1 + line.utf8.count > Self.maxRequestCharacters {
                try await posts.send(body: Array(body.utf8), events: count)
                body = ""
                count = 0
            }
            body += body.isEmpty ? line : "\n" + line
            count += 1
        }
        if count > 0 { try await posts.send(body: Array(body.utf8), events: count) }
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
