import Burgee
import BurgeeCore
import Logging

/// Delivers a Datadog client's exposures as Datadog's tracers post them: the exposures that
/// `client.datadog`'s calls logged (custom events ``DatadogExposureLog/eventKey``), each with
/// its timestamp in milliseconds, in
/// `{"context":{"service","version","env"},"exposures":[…]}`, at most
/// ``maxExposuresPerPost`` a post, to the Agent's EVP proxy or Datadog's intake. Other events
/// have no Datadog form and are left out. Each post is retried once, as the HTTP destination
/// retries; one that fails fails the batch, whose events the client then counts as dropped.
final class DatadogEventsSink: EventSink {
    /// Datadog's tracers buffer at most this many exposures a post.
    static let maxExposuresPerPost = 1000

    private let posts: HTTPEventSink
    private let context: JSONValue

    init(connection: DatadogConnection, retryDelay: Duration, logger: Logger, clock: ClientClock) throws(ConfigurationError) {
        guard let endpoint = connection.exposuresEndpoint() else { throw .invalidConnection("Datadog exposures are off") }
        var http = connection.headers
        if endpoint.throughAgent {
            // The Agent adds the key; it listens on plain HTTP wherever it runs (a sidecar, a node's host).
            http.headers["DD-API-KEY"] = nil
            http.headers[DatadogConnection.evpSubdomainHeader] = "event-platform-intake"
            http.allowInsecureHTTP = true
        }
        var context: [String: JSONValue] = [:]
        if let service = connection.service { context["service"] = .string(service) }
        if let version = connection.version { context["version"] = .string(version) }
        if let env = connection.env { context["env"] = .string(env) }
        self.context = .object(context)
        posts = try HTTPEventSink(endpoint: endpoint.url, sdkKey: nil, http: http, retryDelay: retryDelay, logger: logger,
                                  clock: clock, sendsSchemaHeader: false, encode: { _ in nil })
    }

    func send(_ batch: EventBatch) async throws {
        var exposures: [JSONValue] = []
        for case .custom(let event) in batch.events where event.key == DatadogExposureLog.eventKey {
            var exposure = event.properties
            exposure["timestamp"] = .number(Double(event.timestamp))
            exposures.append(.object(exposure))
        }
        var start = 0
        while start < exposures.count {
            let end = min(start + Self.maxExposuresPerPost, exposures.count)
            let body: JSONValue = ["context": context, "exposures": .array(Array(exposures[start..<end]))]
            try await posts.send(body: Array(body.serialized().utf8), events: end - start)
            start = end
        }
    }

    func shutdown() async {
        await posts.shutdown()
    }
}

extension EventDestination {
    /// Datadog's exposure intake (see
    /// ``BurgeeClient/Configuration/datadog(apiKey:site:env:service:version:configurationURL:exposures:pollInterval:flushInterval:http:cache:logger:)``).
    static func datadog(_ connection: DatadogConnection, retryDelay: Duration = .seconds(1)) -> EventDestination {
        EventDestination(
            validate: { () throws(ConfigurationError) in try connection.validate() },
            makeSink: { _, logger, clock throws(ConfigurationError) in
                try DatadogEventsSink(connection: connection, retryDelay: retryDelay, logger: logger, clock: clock)
            })
    }
}
