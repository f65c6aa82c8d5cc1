import Burgee
import BurgeeCore
import Testing

@Suite("Custom events")
struct CustomEventTests {
    typealias H = EventsHarness

    static let validKeys = ["a", "checkout", "Z9", "purchase.completed", "a:b-c_d.e", "0" + String(repeating: "x", count: 79)]
    static let invalidKeys = ["", "-a", ".a", ":a", "_a", "a b", "a/b", "é", "a\n", "a" + String(repeating: "x", count: 80),
                              "checkout!", "😀"]

    @Test("a valid key is queued with its context keys, value and properties", arguments: validKeys)
    func valid(key: String) async throws {
        let (client, sink) = try await H.client()
        let queued = client.track(key, context: H.user, value: 49.99, properties: ["plan": "pro", "items": [1, 2]])
        #expect(queued)
        await client.flush()
        let event = try #require(sink.customEvents.first)
        #expect(event.key == key)
        #expect(event.contextKeys == ["user": "u-1"])
        #expect(event.value == 49.99)
        #expect(event.properties == ["plan": "pro", "items": [1, 2]])
        await client.close()
    }

    @Test("an invalid key is refused and counted", arguments: invalidKeys)
    func invalid(key: String) async throws {
        let (client, sink) = try await H.client()
        let queued = client.track(key, context: H.user)
        #expect(!queued)
        await client.flush()
        #expect(sink.customEvents.isEmpty)
        #expect(client.eventDiagnostics.rejectedCustomEvents == 1)
        await client.close()
    }

    @Test("a value or property that JSON cannot hold, too large properties and invalid contexts are refused")
    func invalidContent() async throws {
        let (client, _) = try await H.client()
        let refused = [
            client.track("k", context: H.user, value: .nan),
            client.track("k", context: H.user, value: .infinity),
            client.track("k", context: H.user, properties: ["n": ["deep": .number(.infinity)]]),
            client.track("k", context: H.user, properties: ["big": .string(String(repeating: "x", count: 40_000))]),
            client.track("k", context: Context(key: "")),
        ]
        #expect(refused == [false, false, false, false, false])
        #expect(client.eventDiagnostics.rejectedCustomEvents == 5)
        #expect(client.track("k", context: H.user, properties: ["fits": .string(String(repeating: "x", count: 30_000))]))
        await client.close()
    }

    @Test("a conversion is an event with a value; the bound client tracks for its context")
    func conversion() async throws {
        let (client, sink) = try await H.client()
        let bound = client.bound(to: Context(kind: "account", key: "acme"))
        #expect(bound.track("goal:signup", value: 120))
        await client.flush()
        #expect(sink.customEvents == [CustomEvent(timestamp: sink.customEvents[0].timestamp, key: "goal:signup",
                                                  contextKeys: ["account": "acme"], value: 120)])
        await client.close()
    }

    @Test("track() returns false after close(), and without an events configuration")
    func afterClose() async throws {
        let (client, sink) = try await H.client()
        #expect(client.track("before", context: H.user))
        await client.close()
        #expect(!client.track("after", context: H.user))
        #expect(sink.customEvents.map(\.key) == ["before"])

        let plain = try await ClientHarness.ready(H.definitions)
        #expect(!plain.track("anything", context: H.user))
        await plain.flush()
        #expect(plain.eventDiagnostics == EventDiagnostics())
        await plain.close()
    }
}
