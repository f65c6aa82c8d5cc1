import Burgee
import BurgeeLaunchDarkly
import BurgeeCore
import Logging
import MetricsTestKit
import ServiceLifecycle
import Testing

@Suite("Client events")
struct ClientEventTests {
    /// A document where `a` is used by `c` as a prerequisite, `b` uses segment `s`, `d` is independent.
    static func graph(version: Int, a: Bool = true, segmentIncludes: String = "u-1", d: Bool = true) -> String {
        Definitions.document(version: version, flags: [
            Definitions.boolFlag("a", a),
            Definitions.boolFlag("b", false, extra: #", "rules": [ { "clauses": [ { "op": "segmentMatch", "values": ["s"] } ], "variation": "on" } ]"#),
            Definitions.boolFlag("c", true, extra: #", "prerequisites": [ { "flag": "a", "variation": "on" } ]"#),
            Definitions.boolFlag("d", d),
        ], segments: [#""s": { "version": 1, "included": ["\#(segmentIncludes)"] }"#])
    }

    /// LaunchDarkly data: `a` is a prerequisite of `c`, `b` matches segment `s`, and `e` a segment `t`
    /// that exists only when `withT` (a missing segment never matches, and appearing is a change).
    static func launchDarklyGraph(a: Bool = true, segmentIncludes: String = "u-1", withT: Bool = false,
                                  deleteD: Bool = false) -> String {
        func flag(_ key: String, _ on: Bool, _ extra: String = "") -> String {
            #""\#(key)":{"key":"\#(key)","version":1,"on":\#(on),"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1}\#(extra)}"#
        }
        let d = deleteD ? #""d":{"key":"d","version":2,"deleted":true}"# : flag("d", true)
        let t = withT ? #","t":{"key":"t","version":1,"included":["u-1"]}"# : ""
        return "{\"flags\":{" + [
            flag("a", a),
            flag("b", true, #","rules":[{"clauses":[{"attribute":"","op":"segmentMatch","values":["s"]}],"variation":0}]"#),
            flag("c", true, #","prerequisites":[{"key":"a","variation":1}]"#),
            d,
            flag("e", true, #","rules":[{"clauses":[{"attribute":"","op":"segmentMatch","values":["t"]}],"variation":0}]"#),
        ].joined(separator: ",") + #"},"segments":{"s":{"key":"s","version":1,"included":[""# + segmentIncludes + #""]}"# + t + "}}"
    }

    @Test func launchDarklyUpdatesNameTheChangedFlags() async throws {
        let (client, source) = try await ClientHarness.manual()
        let events = client.events()
        #expect(await source.push(Self.launchDarklyGraph()))
        _ = await firstElement(events) { if case .ready = $0 { true } else { false } }
        func next() async -> ClientEvent.DefinitionsUpdate? {
            guard case .updated(let update)? = await firstElement(events, where: { if case .updated = $0 { true } else { false } }) else {
                return nil
            }
            return update
        }
        #expect(await source.push(Self.launchDarklyGraph(a: false)))
        #expect(await next()?.changedFlags == ["a", "c"])
        #expect(await source.push(Self.launchDarklyGraph(a: false, segmentIncludes: "u-2")))
        let segment = await next()
        #expect(segment?.changedFlags == ["b"] && segment?.changedSegments == ["s"])
        #expect(await source.push(Self.launchDarklyGraph(a: false, segmentIncludes: "u-2", withT: true)))
        let appeared = await next()
        #expect(appeared?.changedFlags == ["e"] && appeared?.changedSegments == ["t"])
        #expect(await source.push(Self.launchDarklyGraph(a: false, segmentIncludes: "u-2", withT: true, deleteD: true)))
        #expect(await next()?.changedFlags == ["d"])
        #expect(client.flagKeys() == ["a", "b", "c", "e"])
        await client.close()
    }

    @Test func readyComesFirstThenUpdatesNameExactlyTheChangedFlags() async throws {
        let (client, source) = try await ClientHarness.manual()
        let events = client.events()
        #expect(await source.push(Self.graph(version: 1)))
        let ready = await firstElement(events) { if case .ready = $0 { true } else { false } }
        #expect(ready == .ready(.dataSource))

        // `a` changes: `c` depends on it as a prerequisite.
        #expect(await source.push(Self.graph(version: 2, a: false)))
        let first = await firstElement(events) { if case .updated = $0 { true } else { false } }
        #expect(first == .updated(ClientEvent.DefinitionsUpdate(version: 2, origin: .dataSource, changedFlags: ["a", "c"], changedSegments: [])))

        // The segment changes: only `b` uses it.
        #expect(await source.push(Self.graph(version: 3, a: false, segmentIncludes: "u-2")))
        let second = await firstElement(events) { if case .updated = $0 { true } else { false } }
        #expect(second == .updated(ClientEvent.DefinitionsUpdate(version: 3, origin: .dataSource, changedFlags: ["b"], changedSegments: ["s"])))
        if case .updated(let update)? = second { #expect(update.segmentsChanged) }

        // Nothing changes but the document version: no event; then `d` changes.
        #expect(await source.push(Self.graph(version: 4, a: false, segmentIncludes: "u-2")))
        #expect(await source.push(Self.graph(version: 5, a: false, segmentIncludes: "u-2", d: false)))
        let third = await firstElement(events) { if case .updated = $0 { true } else { false } }
        #expect(third == .updated(ClientEvent.DefinitionsUpdate(version: 5, origin: .dataSource, changedFlags: ["d"], changedSegments: [])))
        #expect(client.definitionsVersion == 5)
        await client.close()
    }

    @Test func readyFromCacheThenTheSourceAnswersWithAnUpdate() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            let cache = CacheConfiguration.directory(directory, prefix: "app")
            try TestFiles.write(Self.graph(version: 1), to: cache.filePath)
            let source = ManualDataSource()
            let client = try BurgeeClient(configuration: .init(source: .custom(source), cache: cache,
                                                               logger: TestClients.quietLogger))
            let events = client.events()
            client.start()
            let ready = await firstElement(events) { if case .ready = $0 { return true } else { return false } }
            #expect(ready == .ready(.cache))
            #expect(client.dataSourceStatus.state == .initializing)
            await source.waitUntilConnected()
            await source.push(Self.graph(version: 2, d: false))
            let update = await firstElement(events) { if case .updated = $0 { return true } else { return false } }
            #expect(update == .updated(ClientEvent.DefinitionsUpdate(version: 2, origin: .dataSource, changedFlags: ["d"], changedSegments: [])))
            #expect(client.dataSourceStatus.state == .valid)
            #expect(client.definitionsOrigin == .dataSource)
            #expect(try TestFiles.read(cache.filePath) == Array(Self.graph(version: 2, d: false).utf8))
            await client.close()
        }
    }

    @Test func addedAndRemovedFlagsAreChanges() async throws {
        let (client, source) = try await ClientHarness.manual()
        let events = client.events()
        await source.push(Definitions.document(flags: [Definitions.boolFlag("old", true)]))
        await source.push(Definitions.document(flags: [Definitions.boolFlag("new", true)]))
        let update = await firstElement(events) { if case .updated = $0 { true } else { false } }
        #expect(update == .updated(ClientEvent.DefinitionsUpdate(version: 1, origin: .dataSource, changedFlags: ["new", "old"], changedSegments: [])))
        await client.close()
    }

    @Test func flagValueChangesReportOldAndNewValueForTheContext() async throws {
        let (client, source) = try await ClientHarness.manual()
        await source.push(Self.graph(version: 1))
        let inSegment = client.flagValueChanges("b", context: Context(key: "u-1"))
        let outside = client.flagValueChanges("b", context: Context(key: "u-3"))
        let bound = client.bound(to: Context(key: "u-1")).flagValueChanges("a")
        // `b` turns off for u-1 (no longer in the segment); u-3 sees no change; `a` is untouched.
        await source.push(Self.graph(version: 2, segmentIncludes: "u-2"))
        let change = await firstElement(inSegment)
        #expect(change == FlagValueChange(flagKey: "b", oldValue: true, newValue: false, reason: .init(kind: .fallthrough)))
        await source.push(Self.graph(version: 3, a: false, segmentIncludes: "u-2"))
        let boundChange = await firstElement(bound)
        #expect(boundChange == FlagValueChange(flagKey: "a", oldValue: true, newValue: false, reason: .init(kind: .fallthrough)))
        await client.close()
        // The stream of u-3 ends with the client, having delivered nothing.
        let outsideChange = await firstElement(outside)
        #expect(outsideChange == nil)
    }

    @Test func rejectedPayloadsKeepTheLastGoodDefinitionsAndReportTheStatus() async throws {
        let (client, source) = try await ClientHarness.manual()
        let events = client.events()
        await source.push(Self.graph(version: 1))
        let valid = await firstElement(events) { if case .statusChanged(let s) = $0 { s.state == .valid } else { false } }
        #expect(valid != nil)
        #expect(await source.push("{ not json") == false)
        let interrupted = await firstElement(events) { if case .statusChanged(let s) = $0 { s.state == .interrupted } else { false } }
        guard case .statusChanged(let status)? = interrupted else { Issue.record("no interrupted status"); return }
        #expect(status.lastError?.kind == .invalidData)
        #expect(client.boolVariation("a", context: Context(key: "u-1"), default: false))
        #expect(await source.push(#"{"formatVersion": 2}"#) == false)
        #expect(client.definitionsVersion == 1)
        #expect(await source.push(Self.graph(version: 2)))
        #expect(client.dataSourceStatus.state == .valid)
        #expect(client.dataSourceStatus.lastError?.kind == .invalidData)
        await client.close()
        #expect(client.dataSourceStatus.state == .off)
    }

    @Test func failuresBeforeTheFirstDefinitionsKeepTheStatusInitializing() async throws {
        let (client, source) = try await ClientHarness.manual()
        source.fail(DataSourceError(kind: .network, message: "connection refused"))
        #expect(client.dataSourceStatus.state == .initializing)
        #expect(client.dataSourceStatus.lastError?.message == "connection refused")
        await source.push(Self.graph(version: 1))
        source.fail(DataSourceError(kind: .httpStatus, message: "503", statusCode: 503))
        #expect(client.dataSourceStatus.state == .interrupted)
        #expect(client.dataSourceStatus.lastError?.statusCode == 503)
        await client.close()
    }

    @Test func readinessTimesOutAndWaitingReturnsFalse() async throws {
        let client = try BurgeeClient(configuration: .init(source: .offline, readyTimeout: .milliseconds(50),
                                                           logger: TestClients.quietLogger))
        let events = client.events()
        client.start()
        let timedOut = await firstElement(events) { if case .readyTimedOut = $0 { true } else { false } }
        #expect(timedOut == .readyTimedOut(.milliseconds(50)))
        #expect(await client.waitUntilReady(timeout: .milliseconds(20)) == false)
        #expect(client.dataSourceStatus.state == .off)
        await client.close()
    }

    @Test("without a source and without definitions, waiting for readiness returns at once")
    func waitingWithoutASourceReturnsAtOnce() async throws {
        let client = try BurgeeClient(configuration: .init(source: .offline, logger: TestClients.quietLogger))
        let events = client.events()
        client.start()
        _ = await firstElement(events) { if case .statusChanged(let status) = $0 { status.state == .off } else { false } }
        // Waiting for its timeout, an hour, would exceed the limit, which only bounds that hang.
        let ready = try await withTimeLimit(.seconds(60), "waitUntilReady returning at once without a source") {
            await client.waitUntilReady(timeout: .seconds(3600))
        }
        #expect(ready == false)
        await client.close()
    }

    @Test func waitingReturnsTrueWhenDefinitionsArrive() async throws {
        let (client, source) = try await ClientHarness.manual()
        async let ready = client.waitUntilReady(timeout: .seconds(30))
        await source.push(Self.graph(version: 1))
        #expect(await ready)
        #expect(client.isReady)
        await client.close()
    }

    @Test func eventStreamsEndWhenTheClientCloses() async throws {
        let (client, _) = try await ClientHarness.manual()
        let events = client.events()
        await client.close()
        var received: [ClientEvent] = []
        for await event in events { received.append(event) }
        #expect(received.last.map { if case .statusChanged(let s) = $0 { s.state == .off } else { false } } == true)
        // Subscribing after close gives an ended stream.
        var late = 0
        for await _ in client.events() { late += 1 }
        #expect(late == 0)
    }

    @Test func runsInAServiceGroupUntilGracefulShutdown() async throws {
        let source = ManualDataSource()
        let client = try BurgeeClient(configuration: .init(source: .custom(source), logger: TestClients.quietLogger))
        let group = ServiceGroup(services: [client], logger: TestClients.quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await source.waitUntilConnected()
            await source.push(Self.graph(version: 1))
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(client.dataSourceStatus.state == .off)
        // Evaluations keep serving the last definitions after stopping.
        #expect(client.boolVariation("a", context: Context(key: "u-1"), default: false))
        // A second run returns at once.
        try await client.run()
    }

    @Test func metricsCountEvaluationsByReasonAndUpdates() async throws {
        let metrics = TestMetrics()
        let (client, source) = try await ClientHarness.manual { $0.metricsFactory = metrics }
        await source.push(Self.graph(version: 1))
        let user = Context(key: "u-1")
        for _ in 0..<5 { _ = client.boolVariation("a", context: user, default: false) }
        _ = client.boolVariation("b", context: user, default: false)  // rule match (segment)
        _ = client.boolVariation("missing", context: user, default: false)
        _ = client.variations(context: user)  // 4 more: 3 fallthrough, 1 rule match
        client.flushMetrics()
        #expect(try metrics.expectCounter("burgee_evaluations_total", [("reason", "FALLTHROUGH")]).totalValue == 8)
        #expect(try metrics.expectCounter("burgee_evaluations_total", [("reason", "RULE_MATCH")]).totalValue == 2)
        #expect(try metrics.expectCounter("burgee_evaluations_total", [("reason", "ERROR")]).totalValue == 1)
        #expect(try metrics.expectCounter("burgee_updates_total").totalValue == 1)
        await source.push("[]")
        #expect(try metrics.expectCounter("burgee_rejected_updates_total").totalValue == 1)
        #expect(try metrics.expectGauge("burgee_flags").lastValue == 4)
        client.flushMetrics()
        #expect(try metrics.expectCounter("burgee_evaluations_total", [("reason", "FALLTHROUGH")]).totalValue == 8)
        await client.close()
    }
}
