import BurgeeCore
import BurgeeServer
import Testing
@testable import Burgee
@testable import BurgeeLaunchDarkly

/// The LaunchDarkly source end to end: the definitions server in LaunchDarkly mode, the stream,
/// and LaunchDarkly's own rules evaluating what arrived.
@Suite struct LaunchDarklyEndToEndTests {
    private let user = Context(key: "user-1")
    private typealias LD = LaunchDarklyDocuments

    /// `g` serves true to members of segment `s` (by a segmentMatch rule), false to everyone else.
    private static let gated = #""g":{"key":"g","on":true,"variations":[false,true],"offVariation":0,"#
        + #""fallthrough":{"variation":0},"salt":"g","rules":[{"id":"r1","variation":1,"#
        + #""clauses":[{"attribute":"key","op":"segmentMatch","values":["s"],"negate":false}]}]}"#

    private static func segment(_ included: [String]) -> String {
        #""s":{"key":"s","salt":"s","included":[\#(included.map { "\"\($0)\"" }.joined(separator: ","))]}"#
    }

    private static func document(a: Bool = true, b: Bool = true, members: [String] = ["user-1"]) -> String {
        LD.document([LD.flag("a", serves: a)] + (b ? [LD.flag("b")] : []) + [gated], segments: [segment(members)])
    }

    private func configuration(_ running: RunningDefinitionsServer, fallbackAfterFailures: Int = 3) -> BurgeeClient.Configuration {
        let connection = LaunchDarklyConnection.relayProxy(
            running.baseURL, pollingInterval: .milliseconds(100),
            readIdleTimeout: .seconds(5), fallbackAfterFailures: fallbackAfterFailures,
            http: LoopbackServer.http())
        // Events to the same server, as to a Relay Proxy.
        return .launchDarkly(sdkKey: "sdk-key", connection: connection,
                             events: LaunchDarklyEvents(eventsBaseURI: running.baseURL), logger: TestFiles.quietLogger)
    }

    private static func withServer<R>(_ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(document(), sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }, body)
    }

    @Test func changesArriveAndTheUpdateNamesTheFlagsWhoseEvaluationCouldChange() async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("a", context: user, default: false))
                let member = client.boolVariationDetail("g", context: user, default: false)
                #expect(member.value)
                #expect(member.reason.kind == .ruleMatch)
                let events = client.events()

                // The segment loses the user: the segment and the flag using it changed, nothing else.
                try running.update(Self.document(members: []))
                let segment = await TestFiles.nextUpdate(events)
                #expect(segment?.changedSegments == ["s"])
                #expect(segment?.changedFlags == ["g"])
                #expect(client.boolVariation("g", context: user, default: true) == false)

                try running.update(Self.document(a: false, members: []))
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["a"])
                #expect(client.boolVariation("a", context: user, default: true) == false)

                try running.update(Self.document(a: false, b: false, members: []))
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["b"])
                #expect(client.boolVariationDetail("b", context: user, default: false).reason.errorKind == .flagNotFound)
                #expect(running.requests(to: "/all").count == 1)
            }
        }
    }

    @Test func aTombstoneKeepsAnOlderPatchFromBringingAFlagBack() async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                running.server.broadcast(event: "delete", data: #"{"path":"/flags/a","version":10}"#)
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["a"])
                running.server.broadcast(event: "patch", data: #"{"path":"/flags/a","data":\#(LD.item("a", version: 9))}"#)
                running.server.broadcast(event: "patch", data: #"{"path":"/flags/b","data":\#(LD.item("b", serves: false, version: 2))}"#)
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["b"])
                #expect(client.boolVariationDetail("a", context: user, default: false).reason.errorKind == .flagNotFound)
                running.server.broadcast(event: "patch", data: #"{"path":"/flags/a","data":\#(LD.item("a", version: 11))}"#)
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["a"])
                #expect(client.boolVariation("a", context: user, default: false))
            }
        }
    }

    @Test func readyFromLatestAllWhileTheStreamIsDown() async throws {
        try await Self.withServer { running in
            running.server.inject(.status(500), on: .stream, times: 1_000)
            try await TestFiles.withClient(configuration(running, fallbackAfterFailures: 1)) { client in
                client.start()
                #expect(await client.waitUntilReady(timeout: .seconds(30)))
                #expect(running.requests(to: "/sdk/latest-all").count >= 1)
                #expect(client.boolVariation("g", context: user, default: false))
            }
        }
    }
}
