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

    /// Applies a patch (`item`) or a delete (`nil`) to LaunchDarkly definitions held by a client.
    private func change(_ held: inout CurrentDefinitions, _ kind: DefinitionItemKind, _ key: String,
                        _ version: Int64, _ item: JSONValue?) -> Bool {
        held.apply(DefinitionsPatch(kind: kind, key: key, version: version, operation: item.map { .upsert($0) } ?? .delete))
    }

    private static func flag(_ version: Int) -> JSONValue {
        ["key": "f", "version": .number(Double(version)), "on": true, "variations": [false, true], "fallthrough": ["variation": 1]]
    }

    @Test func versionsDecideAndTombstonesHold() throws {
        let put = LaunchDarklyItems(flags: ["f": Self.flag(3)], segments: [:])
        var held = try CurrentDefinitions(json: put.document, format: .launchDarkly)
        #expect(held.isPatchable)
        #expect(!change(&held, .flag, "f", 3, Self.flag(3)))
        #expect(!change(&held, .flag, "f", 2, Self.flag(2)))
        #expect(!change(&held, .flag, "f", 3, nil))
        #expect(change(&held, .flag, "f", 4, Self.flag(4)))
        #expect(change(&held, .flag, "f", 5, nil))
        #expect(held.version(of: .flag, "f") == 5)
        #expect(!change(&held, .flag, "f", 5, Self.flag(5)))
        #expect(!change(&held, .flag, "f", 4, nil))
        #expect(held.compile(flagSets: nil, options: CompileOptions()).flagKeys.isEmpty)
        #expect(change(&held, .flag, "f", 6, Self.flag(6)))
        // New keys apply at any version.
        #expect(change(&held, .segment, "s", 0, ["key": "s"]))
        #expect(!change(&held, .segment, "s", 0, ["key": "s"]))
        #expect(change(&held, .segment, "gone", 1, nil))
        let snapshot = held.compile(flagSets: nil, options: CompileOptions())
        #expect(snapshot.flagKeys == ["f"] && snapshot.segmentKeys == ["s"])
        #expect(snapshot.evaluate("f", context: Context(launchDarklyJSON: ["key": "u"])).value == true)
        // Cached as a put of the items as they came, read back as the same definitions.
        let cached = try CurrentDefinitions(json: held.json, format: nil)
        #expect(cached.definitions.format == .launchDarkly)
        #expect(cached.json == held.json)
    }

    @Test func tombstonesInAPutAreHeldButNotEvaluated() throws {
        guard case .put(let items) = try read("put", #"{"data":{"flags":{"f":{"key":"f","version":4,"deleted":true}}}}"#) else {
            throw Failure("not a put")
        }
        var held = try CurrentDefinitions(json: items.document, format: .launchDarkly)
        #expect(held.compile(flagSets: nil, options: CompileOptions()).flagKeys.isEmpty)
        #expect(!change(&held, .flag, "f", 4, Self.flag(4)))
        #expect(change(&held, .flag, "f", 5, Self.flag(5)))
        #expect(held.compile(flagSets: nil, options: CompileOptions()).flagKeys == ["f"])
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
