@testable import Burgee
@testable import BurgeeUnleash
import BurgeeCore
import Testing

/// The pieces of Unleash's client protocol that need no server: bodies, headers, timing.
@Suite("Unleash protocol")
struct UnleashProtocolTests {
    let connection = UnleashConnection(url: "http://127.0.0.1:4242/api/", appName: "checkout", instanceId: "i-1")

    @Test("timestamps are RFC 3339 UTC with milliseconds, leap days and times before 1970 included",
          arguments: [(Int64(0), "1970-01-01T00:00:00.000Z"), (1_764_000_000_123, "2025-11-24T16:00:00.123Z"),
                      (951_782_400_999, "2000-02-29T00:00:00.999Z"), (-1, "1969-12-31T23:59:59.999Z")])
    func timestamps(milliseconds: Int64, expected: String) {
        #expect(UnleashIdentity.timestamp(millisecondsSinceEpoch: milliseconds) == expected)
    }

    @Test func endpointsSitBelowTheAPIURLWithOrWithoutATrailingSlash() {
        #expect(connection.endpoint("features") == "http://127.0.0.1:4242/api/client/features")
        var other = connection
        other.url = "https://edge.example.com/api"
        #expect(other.endpoint("metrics") == "https://edge.example.com/api/client/metrics")
    }

    @Test func everyRequestCarriesUnleashsHeadersButNeverTheToken() {
        var connection = connection
        connection.http.headers = ["X-Proxy": "p"]
        let headers = UnleashIdentity.headers(connection, interval: .seconds(15))
        #expect(headers["unleash-appname"] == "checkout")
        #expect(headers["unleash-instanceid"] == "i-1")
        #expect(headers["unleash-connection-id"] == connection.connectionId)
        #expect(headers["unleash-interval"] == "15000")
        #expect(headers["unleash-sdk"]?.hasPrefix("burgee-swift:") == true)
        #expect(headers["Unleash-Client-Spec"] == "6.1.0")
        #expect(headers["X-Proxy"] == "p")
        #expect(!headers.keys.contains { $0.lowercased() == "authorization" })
    }

    @Test func eachConnectionHasItsOwnConnectionId() {
        let a = UnleashConnection(url: "http://127.0.0.1/api", appName: "a")
        let b = UnleashConnection(url: "http://127.0.0.1/api", appName: "a")
        #expect(a.connectionId != b.connectionId)
        #expect(!a.instanceId.isEmpty)
    }

    @Test func failuresWaitOneMoreIntervalEachUpToTenIntervals() {
        let waits = (0...12).map { UnleashDataSource.delay(interval: .seconds(15), afterFailures: $0) }
        #expect(waits[0] == .seconds(15))
        #expect(waits[1] == .seconds(30))
        #expect(waits[4] == .seconds(75))
        #expect(waits[9] == .seconds(150))
        #expect(waits[12] == .seconds(150))
    }

    @Test func unusableConnectionsAreRefused() {
        #expect(throws: ConfigurationError.invalidConnection("the Unleash appName is empty")) {
            try UnleashConnection(url: "http://127.0.0.1/api", appName: "").validate()
        }
        #expect(throws: ConfigurationError.notPositive("the Unleash refresh interval")) {
            try UnleashConnection(url: "http://127.0.0.1/api", appName: "a", refreshInterval: .zero).validate()
        }
        #expect(throws: ConfigurationError.insecureURL("http://unleash.example.com/api/client/features")) {
            try UnleashDataSource(connection: UnleashConnection(url: "http://unleash.example.com/api", appName: "a"),
                                  apiToken: nil)
        }
    }

    @Test("metrics count off, unknown and errors as no, every enabled variation as yes, variants by name")
    func metricsFromASummary() throws {
        let summary = SummaryEvent(startTimestamp: 1_764_000_000_000, endTimestamp: 1_764_000_060_000, flags: [
            "f": [
                .init(version: 0, variationIndex: 0, variationKey: "off", count: 3),
                .init(version: 0, variationIndex: 1, variationKey: "on", count: 5),
                .init(version: 0, variationIndex: 2, variationKey: "blue", count: 7),
                .init(version: 0, variationIndex: 3, variationKey: "red", count: 1),
                .init(version: 0, variationIndex: nil, variationKey: nil, count: 2),
            ],
            "unknown": [.init(version: nil, variationIndex: nil, variationKey: nil, count: 4)],
        ])
        let body = try #require(UnleashMetrics.body(EventBatch(events: [.summary(summary)]), connection: connection))
        let members = try #require(body.objectValue)
        #expect(members["appName"] == "checkout")
        #expect(members["instanceId"] == "i-1")
        let bucket = try #require(members["bucket"]?.objectValue)
        #expect(bucket["start"] == "2025-11-24T16:00:00.000Z")
        #expect(bucket["stop"] == "2025-11-24T16:01:00.000Z")
        let toggles = try #require(bucket["toggles"]?.objectValue)
        #expect(toggles["f"] == .object(["yes": 13, "no": 5, "variants": .object(["blue": 7, "red": 1])]))
        #expect(toggles["unknown"] == .object(["yes": 0, "no": 4, "variants": .object([:])]))
    }

    @Test func aBatchWithoutCountsSendsNoMetrics() {
        let empty = SummaryEvent(startTimestamp: 0, endTimestamp: 1, flags: [:])
        #expect(UnleashMetrics.body(EventBatch(events: [.summary(empty)]), connection: connection) == nil)
        #expect(UnleashMetrics.body(EventBatch(events: []), connection: connection) == nil)
    }
}
