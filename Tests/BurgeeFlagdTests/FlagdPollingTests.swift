import Burgee
import BurgeeFlagd
import BurgeeCore
import BurgeeServer
import Testing

/// A client polling a flagd document from the project's server in flagd mode: ETags, changes and
/// a broken document that keeps the last good flags.
@Suite("flagd over HTTP polling")
struct FlagdPollingTests {
    static let user = Context(flagdJSON: ["targetingKey": "u-1"])

    static func document(_ color: String) -> String {
        #"{"flags": {"color": {"state": "ENABLED", "variants": {"red": "red", "blue": "blue"}, "defaultVariant": "\#(color)"}, "size": {"state": "ENABLED", "variants": {"s": 1}, "defaultVariant": "s"}}}"#
    }

    @Test("polling: 304 while unchanged, a change names exactly the changed flag, a broken document keeps the last good")
    func polling() async throws {
        try await LoopbackServer.withServer(Self.document("red"), configure: { $0.format = .flagd }) { running in
            let client = try BurgeeClient(configuration: .init(
                source: .polling(running.definitionsURL, every: .milliseconds(50), http: LoopbackServer.http()),
                logger: TestClients.quietLogger))
            let events = client.events()
            client.start()
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            #expect(client.flagd.evaluation("color", context: Self.user).value == "red")
            #expect(await eventually { running.requests(to: "/definitions").contains { $0.status == 304 } })

            try running.update(Self.document("blue"))
            let update = await TestFiles.nextUpdate(events)
            #expect(update?.changedFlags == ["color"])
            #expect(client.flagd.evaluation("color", context: Self.user).value == "blue")

            #expect(throws: (any Error).self) { try running.update(#"{"flags": 3}"#) }
            running.server.inject(.body(Array(#"{"flags": 3}"#.utf8)), on: .definitions)
            let failed = await TestFiles.nextStatus(events, .interrupted)
            #expect(failed?.lastError?.kind == .invalidData)
            #expect(client.flagd.evaluation("color", context: Self.user).value == "blue")
            await client.close()
        }
    }
}
