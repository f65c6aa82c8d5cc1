import Burgee
import BurgeeCore
import Logging

/// Delivers a batch to Unleash: its summary as usage metrics (`POST /api/client/metrics`, see
/// `UnleashMetrics`), and its exposure and custom events (impressions of flags with
/// `impressionData`) to another sink, if one is given.
struct UnleashMetricsSink: EventSink {
    let metrics: HTTPEventSink
    let impressions: (any EventSink)?

    init(connection: UnleashConnection, apiToken: SDKKey?, impressions: EventDestination?, logger: Logger,
         clock: ClientClock) throws(ConfigurationError)
    {
        try connection.validate()
        try impressions?.validate()
        var http = connection.http
        http.headers = UnleashIdentity.headers(connection, interval: connection.metricsInterval)
        metrics = try HTTPEventSink(endpoint: connection.endpoint("metrics"), sdkKey: apiToken, http: http,
                                    retryDelay: .seconds(1), logger: logger, clock: clock, sendsSchemaHeader: false,
                                    encode: { batch in
                                        UnleashMetrics.body(batch, connection: connection).map { Array($0.serialized().utf8) }
                                    })
        // The Unleash token is not for the impressions service: its sink gets no key.
        self.impressions = try impressions?.makeSink(nil, logger, clock)
    }

    func send(_ batch: EventBatch) async throws {
        let others = batch.events.filter { if case .summary = $0 { false } else { true } }
        if let impressions, !others.isEmpty {
            try await impressions.send(EventBatch(events: others))
        }
        try await metrics.send(batch)
    }

    func shutdown() async {
        await metrics.shutdown()
        await impressions?.shutdown()
    }
}
