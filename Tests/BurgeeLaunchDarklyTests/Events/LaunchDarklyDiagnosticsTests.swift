import Burgee
import BurgeeCore
import Testing
@testable import BurgeeLaunchDarkly

/// LaunchDarkly's diagnostic events, as go-server-sdk's diagnostics manager writes them.
@Suite struct LaunchDarklyDiagnosticsTests {
    @Test func theInitEventNamesTheSDKItsSettingsAndThePlatform() {
        let diagnostics = LaunchDarklyDiagnostics(sdkKey: "sdk-0123456789", startTime: 1_000, diagnosticId: "d-1")
        var settings = LaunchDarklyEvents()
        settings.eventsBaseURI = "http://127.0.0.1:8030"
        settings.allAttributesPrivate = true
        let event = diagnostics.initEvent(settings: settings, connection: LaunchDarklyConnection(streaming: false))
        let o = event.objectValue ?? [:]
        #expect(o["kind"] == "diagnostic-init" && o["creationDate"] == 1000)
        #expect(o["id"] == ["diagnosticId": "d-1", "sdkKeySuffix": "456789"])
        #expect(o["sdk"]?.objectValue?["name"] == "BurgeeSwift")
        let configuration = o["configuration"]?.objectValue ?? [:]
        #expect(configuration["customEventsURI"] == true && configuration["customBaseURI"] == false)
        #expect(configuration["streamingDisabled"] == true && configuration["pollingIntervalMillis"] == 30_000)
        #expect(configuration["reconnectTimeMillis"] == nil)
        #expect(configuration["eventsCapacity"] == 10_000 && configuration["eventsFlushIntervalMillis"] == 5_000)
        #expect(configuration["userKeysCapacity"] == 1_000 && configuration["userKeysFlushIntervalMillis"] == 300_000)
        #expect(configuration["diagnosticRecordingIntervalMillis"] == 900_000)
        #expect(configuration["allAttributesPrivate"] == true && configuration["dataStoreType"] == "memory")
        #expect(o["platform"]?.objectValue?["name"] == "Swift")
    }

    @Test func aShortKeyIsItsOwnSuffix() {
        #expect(LaunchDarklyDiagnostics(sdkKey: "abc", startTime: 0).id.objectValue?["sdkKeySuffix"] == "abc")
        #expect(LaunchDarklyDiagnostics(sdkKey: nil, startTime: 0).id.objectValue?["sdkKeySuffix"] == "")
    }

    @Test func periodicEventsCoverTheTimeSinceThePreviousOne() {
        var diagnostics = LaunchDarklyDiagnostics(sdkKey: "k", startTime: 1_000, diagnosticId: "d")
        let first = diagnostics.periodicEvent(now: 5_000, droppedEvents: 3, deduplicatedContexts: 7, eventsInLastBatch: 12)
        #expect(first == [
            "kind": "diagnostic", "id": ["diagnosticId": "d", "sdkKeySuffix": "k"], "creationDate": 5000, "dataSinceDate": 1000,
            "droppedEvents": 3, "deduplicatedUsers": 7, "eventsInLastBatch": 12,
            "streamInits": [],
        ])
        let second = diagnostics.periodicEvent(now: 9_000, droppedEvents: 0, deduplicatedContexts: 0, eventsInLastBatch: 0)
        #expect(second.objectValue?["dataSinceDate"] == 5000 && second.objectValue?["streamInits"] == [])
    }

    @Test func theRecordingIntervalIsAtLeastAMinute() {
        var settings = LaunchDarklyEvents()
        settings.diagnosticRecordingInterval = .seconds(5)
        #expect(settings.diagnosticRecordingInterval == .seconds(60))
    }
}
