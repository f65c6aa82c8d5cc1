import BurgeeCore
import Testing
@testable import Burgee
@testable import BurgeeLaunchDarkly

/// Reading LaunchDarkly's stream events, keeping their items, and the connection's URLs.
@Suite struct LaunchDarklyStreamMessageTests {
    private func read(_ event: String, _ data: String,
                      limits: JSONLimits = .default) throws(DataSourceError) -> LaunchDarklyStreamMessage {
        try LaunchDarklyStreamMessage(event: event, data: Array(data.utf8), limits: limits)
    }

    @Test func putsWithAndWithoutPathAndBare() throws {
        let expected = LaunchDarklyItems(flags: ["f": ["key": "f", "version": 2]], segments: ["s": ["key": "s", "version": 1]])
        let set = #"{"flags":{"f":{"key":"f","version":2}},"segments":{"s":{"key":"s","version":1}}}"#
        #expect(try read("put", #"{"path":"/","data":\#(set)}"#) == .put(expected))
        #expect(try read("put", #"{"data":\#(set)}"#) == .put(expected))
        #expect(try read("put", set) == .put(expected))
        // Missing or null collections are empty.
        #expect(try read("put", #"{"path":"/","data":{}}"#) == .put(LaunchDarklyItems(flags: [:], segments: [:])))
        #expect(try read("put", #"{"data":{"flags":null,"segments":{}}}"#) == .put(LaunchDarklyItems(flags: [:], segments: [:])))
    }

    @Test func patchesAndDeletesByPath() throws {
        #expect(try read("patch", #"{"path":"/flags/my/flag","data":{"key":"my/flag","version":3}}"#)
            == .patch(.flags, key: "my/flag", item: ["key": "my/flag", "version": 3]))
        #expect(try read("patch", #"{"data":{"version":3},"path":"/segments/s"}"#) == .patch(.segments, key: "s", item: ["version": 3]))
        #expect(try read("delete", #"{"path":"/segments/s","version":12}"#) == .delete(.segments, key: "s", version: 12))
        #expect(try read("delete", #"{"path":"/flags/f","version":1}"#) == .delete(.flags, key: "f", version: 1))
        #expect(try read("patch", #"{"path":"/configurationOverrides/o","data":{}}"#) == .ignored(path: "/configurationOverrides/o"))
        #expect(try read("delete", #"{"path":"/metrics/m","version":1}"#) == .ignored(path: "/metrics/m"))
    }

    @Test(arguments: [
        ("put", ""), ("put", "{"), ("put", "null"), ("put", #""flags""#), ("put", "{}"), ("put", #"{"path":"/"}"#),
        ("put", #"{"data":[]}"#), ("put", #"{"data":{"flags":[]}}"#), ("put", #"{"data":{"segments":"s"}}"#),
        ("put", #"{"data":{"flags":{"f":1}}}"#), ("put", #"{"data":{"flags":{"f":{"version":true}}}}"#),
        ("put", #"{"data":{"segments":{"s":{"version":-1.5}}}}"#),
        ("patch", "[]"), ("patch", #"{"data":{}}"#), ("patch", #"{"path":null,"data":{}}"#), ("patch", #"{"path":"/flags/f"}"#),
        ("patch", #"{"path":"/flags/f","data":[]}"#), ("patch", #"{"path":"/flags/","data":{}}"#),
        ("patch", #"{"path":"/flags/f","data":{"version":"2"}}"#), ("patch", #"{"path":"/flags/f","data":{"version":1e40}}"#),
        ("delete", #"{"path":"/flags/f"}"#), ("delete", #"{"version":1}"#), ("delete", #"{"path":"/flags/f","version":null}"#),
        ("delete", #"{"path":"/flags/f","version":2.5}"#), ("delete", #"{"path":"/segments/","version":2}"#),
        ("ping", "{}"),
    ])
    func malformedEventsAreInvalidData(event: String, data: String) {
        #expect {
            try read(event, data)
        } throws: { error in
            (error as? DataSourceError)?.kind == .invalidData && (error as? DataSourceError)?.message.contains(event) == true
        }
    }

    @Test func eventsBeyondTheJSONLimitsAreInvalidData() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: DataSourceError.self) {
            try read("patch", #"{"path":"/flags/f","data":{"x":\#(deep)}}"#, limits: JSONLimits(maxDepth: 64))
        }
    }

    @Test func versionsDecideAndTombstonesHold() {
        var items = LaunchDarklyItems(flags: ["f": ["key": "f", "version": 3]], segments: [:])
        do { let applied = items.upsert(.flags, "f", ["version": 3]); #expect(!applied) }
        do { let applied = items.upsert(.flags, "f", ["version": 2]); #expect(!applied) }
        do { let applied = items.delete(.flags, "f", version: 3); #expect(!applied) }
        do { let applied = items.upsert(.flags, "f", ["version": 4, "on": true]); #expect(applied) }
        do { let applied = items.delete(.flags, "f", version: 5); #expect(applied) }
        #expect(items.items[.flags]?["f"] == ["key": "f", "version": 5, "deleted": true])
        do { let applied = items.upsert(.flags, "f", ["version": 5]); #expect(!applied) }
        do { let applied = items.delete(.flags, "f", version: 4); #expect(!applied) }
        #expect(items.document == ["flags": [:], "segments": [:]])
        do { let applied = items.upsert(.flags, "f", ["version": 6]); #expect(applied) }
        // New keys apply at any version; a patch without a version counts as 0.
        do { let applied = items.upsert(.segments, "s", ["key": "s"]); #expect(applied) }
        do { let applied = items.upsert(.segments, "s", ["key": "s"]); #expect(!applied) }
        do { let applied = items.delete(.segments, "gone", version: 1); #expect(applied) }
        #expect(items.document == ["flags": ["f": ["version": 6]], "segments": ["s": ["key": "s"]]])
    }

    @Test func tombstonesInAPutAreHeldButNotDelivered() throws {
        guard case .put(var items) = try read("put", #"{"data":{"flags":{"f":{"key":"f","version":4,"deleted":true}}}}"#) else {
            throw Failure("not a put")
        }
        #expect(items.document == ["flags": [:], "segments": [:]])
        do { let applied = items.upsert(.flags, "f", ["version": 4]); #expect(!applied) }
        do { let applied = items.upsert(.flags, "f", ["version": 5]); #expect(applied) }
    }

    @Test func urlsForLaunchDarklyAndARelayProxy() throws {
        let service = LaunchDarklyConnection()
        #expect(service.streamURL == "https://stream.launchdarkly.com/all")
        #expect(service.pollingURL == "https://sdk.launchdarkly.com/sdk/latest-all")
        let relay = LaunchDarklyConnection.relayProxy("https://relay.example.com:8030/ld/")
        #expect(relay.streamURL == "https://relay.example.com:8030/ld/all")
        #expect(relay.pollingURL == "https://relay.example.com:8030/ld/sdk/latest-all")
        #expect(throws: ConfigurationError.insecureURL("http://relay.example.com/sdk/latest-all")) {
            try LaunchDarklyConnection.relayProxy("http://relay.example.com").makeSource(sdkKey: nil)
        }
        #expect(throws: ConfigurationError.invalidURL("relay/sdk/latest-all")) {
            try LaunchDarklyConnection.relayProxy("relay").makeSource(sdkKey: nil)
        }
        #expect(throws: ConfigurationError.notPositive("the LaunchDarkly polling interval")) {
            try LaunchDarklyConnection(pollingInterval: .zero).makeSource(sdkKey: nil)
        }
        #expect(throws: ConfigurationError.reservedHeader("authorization")) {
            try LaunchDarklyConnection(http: HTTPOptions(headers: ["authorization": "x"])).makeSource(sdkKey: nil)
        }
        #expect(throws: Never.self) { try LaunchDarklyConnection().makeSource(sdkKey: SDKKey("sdk-1")) }
        // The configuration sends the key; describing it never shows it.
        let configuration = BurgeeClient.Configuration.launchDarkly(sdkKey: "sdk-secret-1")
        #expect(!"\(configuration)".contains("sdk-secret-1"))
    }
}
