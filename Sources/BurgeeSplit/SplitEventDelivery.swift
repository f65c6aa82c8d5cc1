import Burgee
import BurgeeCore
import Logging

/// Where a Split events sink delivers what its impressions mode kept: Split's events API over
/// HTTP (``SplitHTTPDelivery``), or the Redis that Split's Synchronizer empties in consumer mode
/// (``SplitRedisDelivery``). Each call throws when its delivery failed.
protocol SplitEventDelivery: Sendable {
    func impressions(_ impressions: [SplitImpression]) async throws
    func events(_ events: [SplitEvent]) async throws
    func counts(_ counts: [SplitImpressionTally.HourlyCount: Int]) async throws
    func uniqueKeys(_ keys: [String: Set<String>]) async throws
    func shutdown() async
}

/// Split's events API: `POST {events}/testImpressions/bulk`, `/events/bulk`,
/// `/testImpressions/count`, and `POST {telemetry}/v1/keys/ss`, each retried once as the HTTP
/// destination retries.
struct SplitHTTPDelivery: SplitEventDelivery {
    private let impressionPosts: HTTPEventSink
    private let countPosts: HTTPEventSink
    private let eventPosts: HTTPEventSink
    private let uniqueKeyPosts: HTTPEventSink

    init(_ settings: SplitEventSettings, sdkKey: SDKKey?, logger: Logger, clock: ClientClock) throws(ConfigurationError) {
        let key = sdkKey.flatMap { SDKKey("Bearer " + $0.value) }
        var http = settings.http
        http.headers["SplitSDKVersion"] = "swift-burgee-" + SDKVersion.version
        var impressionsHTTP = http
        impressionsHTTP.headers["SplitSDKImpressionsMode"] = settings.impressionsMode.rawValue
        func sink(_ base: String, _ path: String, _ options: HTTPOptions) throws(ConfigurationError) -> HTTPEventSink {
            let base = base.hasSuffix("/") ? String(base.dropLast()) : base
            return try HTTPEventSink(endpoint: base + path, sdkKey: key, http: options, retryDelay: settings.retryDelay,
                                     logger: logger, clock: clock, sendsSchemaHeader: false, encode: { _ in nil })
        }
        impressionPosts = try sink(settings.eventsURL, "/testImpressions/bulk", impressionsHTTP)
        countPosts = try sink(settings.eventsURL, "/testImpressions/count", impressionsHTTP)
        eventPosts = try sink(settings.eventsURL, "/events/bulk", http)
        uniqueKeyPosts = try sink(settings.resolvedTelemetryURL, "/v1/keys/ss", http)
    }

    func impressions(_ impressions: [SplitImpression]) async throws {
        try await impressionPosts.send(body: SplitEventBodies.impressions(impressions), events: impressions.count)
    }

    func events(_ events: [SplitEvent]) async throws {
        try await eventPosts.send(body: SplitEventBodies.events(events), events: events.count)
    }

    func counts(_ counts: [SplitImpressionTally.HourlyCount: Int]) async throws {
        try await countPosts.send(body: SplitEventBodies.counts(counts), events: counts.count)
    }

    func uniqueKeys(_ keys: [String: Set<String>]) async throws {
        try await uniqueKeyPosts.send(body: SplitEventBodies.uniqueKeys(keys), events: keys.count)
    }

    func shutdown() async {
        await impressionPosts.shutdown()
        await countPosts.shutdown()
        await eventPosts.shutdown()
        await uniqueKeyPosts.shutdown()
    }
}
