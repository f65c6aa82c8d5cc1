import Burgee
import BurgeeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// LaunchDarkly's diagnostic events, as go-server-sdk's diagnostics manager writes them: one
/// `diagnostic-init` when the client starts (its id, the SDK, the configuration's settings, the
/// platform) and a periodic `diagnostic` with what happened since the previous one (events
/// dropped, contexts deduplicated, the size of the last payload; `streamInits` stays empty: the
/// client's sources do not report their connection attempts to it).
struct LaunchDarklyDiagnostics: Sendable {
    /// The SDK's name in diagnostics.
    static let sdkName = "BurgeeSwift"

    /// `{"diagnosticId": <a random UUID>, "sdkKeySuffix": <the key's last 6 characters>}`.
    let id: JSONValue
    /// When the client started, in milliseconds since the Unix epoch.
    let startTime: Int64
    /// The start of the period the next periodic event covers.
    private(set) var dataSince: Int64

    init(sdkKey: String?, startTime: Int64, diagnosticId: String = UUID().uuidString.lowercased()) {
        let key = sdkKey ?? ""
        id = ["diagnosticId": .string(diagnosticId), "sdkKeySuffix": .string(String(key.suffix(6)))]
        self.startTime = startTime
        dataSince = startTime
    }

    /// The `diagnostic-init` event: `configuration` holds the settings LaunchDarkly's SDKs report.
    func initEvent(settings: LaunchDarklyEvents, connection: LaunchDarklyConnection) -> JSONValue {
        var configuration: [String: JSONValue] = [
            "customBaseURI": .bool(connection.baseURI != LaunchDarklyConnection.defaultBaseURI),
            "customStreamURI": .bool(connection.streamBaseURI != LaunchDarklyConnection.defaultStreamBaseURI),
            "customEventsURI": .bool(settings.eventsBaseURI != LaunchDarklyEventSender.defaultBaseURI),
            "streamingDisabled": .bool(!connection.streaming),
            "usingRelayDaemon": false,
            "usingProxy": false,
            "connectTimeoutMillis": .number(Self.millis(connection.http.connectTimeout)),
            "socketTimeoutMillis": .number(Self.millis(connection.http.connectTimeout)),
            "dataStoreType": "memory",
            "allAttributesPrivate": .bool(settings.allAttributesPrivate),
            "diagnosticRecordingIntervalMillis": .number(Self.millis(settings.diagnosticRecordingInterval)),
            "eventsCapacity": .number(settings.capacity),
            "eventsFlushIntervalMillis": .number(Self.millis(settings.flushInterval)),
            "userKeysCapacity": .number(settings.contextKeysCapacity),
            "userKeysFlushIntervalMillis": .number(Self.millis(settings.contextKeysFlushInterval)),
        ]
        if connection.streaming {
            configuration["reconnectTimeMillis"] = .number(Self.millis(connection.http.retryDelays.lowerBound))
        } else {
            configuration["pollingIntervalMillis"] = .number(Self.millis(connection.pollingInterval))
        }
        #if os(Linux)
        let osName = "Linux"
        #elseif os(macOS)
        let osName = "MacOS"
        #else
        let osName = "unknown"
        #endif
        #if arch(x86_64)
        let osArch = "amd64"
        #elseif arch(arm64)
        let osArch = "arm64"
        #else
        let osArch = "unknown"
        #endif
        return [
            "kind": "diagnostic-init",
            "id": id,
            "creationDate": .number(startTime),
            "sdk": ["name": .string(Self.sdkName), "version": .string(SDKVersion.version)],
            "configuration": .object(configuration),
            "platform": ["name": "Swift", "osName": .string(osName), "osArch": .string(osArch)],
        ]
    }

    /// The periodic `diagnostic` event at `now`, and the start of the next period.
    mutating func periodicEvent(now: Int64, droppedEvents: Int, deduplicatedContexts: Int, eventsInLastBatch: Int) -> JSONValue {
        defer { dataSince = now }
        return [
            "kind": "diagnostic",
            "id": id,
            "creationDate": .number(now),
            "dataSinceDate": .number(dataSince),
            "droppedEvents": .number(droppedEvents),
            // LaunchDarkly's name, from before contexts replaced users.
            "deduplicatedUsers": .number(deduplicatedContexts),
            "eventsInLastBatch": .number(eventsInLastBatch),
            "streamInits": [],
        ]
    }

    private static func millis(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
