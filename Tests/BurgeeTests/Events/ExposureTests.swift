import Burgee
import BurgeeLaunchDarkly
import BurgeeUnleash
import BurgeeCore
import BurgeeTesting
import Testing

@Suite("Exposure events")
struct ExposureTests {
    typealias H = EventsHarness

    @Test("deduplicated: one per context, flag, variation and version")
    func deduplicated() async throws {
        let (client, sink) = try await H.client()
        for _ in 0..<5 {
            _ = client.boolVariation("plain", context: H.user, default: false)
            _ = client.boolVariation("plain", context: H.other, default: false)
        }
        _ = client.stringVariation("plain", context: H.user, default: "x")   // same variation, other type: WRONG_TYPE, no variation
        await client.flush()
        let exposures = sink.exposures
        #expect(exposures.map(\.contextKeys) == [["user": "u-1"], ["user": "u-2"], ["user": "u-1"]])
        #expect(exposures.map(\.variationKey) == ["on", "on", nil])
        await client.close()
    }

    @Test("the exposure's fields")
    func fields() async throws {
        let (client, sink) = try await H.client(Definitions.shop)
        let before = wallMilliseconds()
        let vip = Context.multi([Context(key: "u-beta"), Context(kind: "org", key: "acme", attributes: ["secret": "x"])])
        _ = client.boolVariation("checkout", context: vip, default: false)
        await client.flush()
        let exposure = try #require(sink.exposures.first)
        #expect(exposure.flagKey == "checkout")
        #expect(exposure.flagVersion == 2)
        #expect(exposure.variationKey == "on")
        #expect(exposure.variationIndex == 1)
        #expect(exposure.reason.kind == .ruleMatch)
        #expect(exposure.reason.ruleId == "beta")
        #expect(exposure.contextKeys == ["user": "u-beta", "org": "acme"])
        #expect(exposure.timestamp >= before && exposure.timestamp <= wallMilliseconds())
        let json = String(decoding: EventBatch(events: [.exposure(exposure)]).jsonBytes, as: UTF8.self)
        #expect(!json.contains("secret"))
        await client.close()
    }

    @Test("a multi-context is the same exposure whatever the order of its parts")
    func multiContextOrder() async throws {
        let (client, sink) = try await H.client()
        let a = Context.multi([Context(key: "u-1"), Context(kind: "org", key: "acme")])
        let b = Context.multi([Context(kind: "org", key: "acme"), Context(key: "u-1")])
        _ = client.boolVariation("plain", context: a, default: false)
        _ = client.boolVariation("plain", context: b, default: false)
        await client.flush()
        #expect(sink.exposures.count == 1)
        await client.close()
    }

    @Test("all: one per evaluation")
    func all() async throws {
        let (client, sink) = try await H.client(exposures: .all)
        for _ in 0..<4 { _ = client.boolVariation("plain", context: H.user, default: false) }
        await client.flush()
        #expect(sink.exposures.count == 4)
        await client.close()
    }

    @Test("off: none, not even for trackEvents or experiments; summaries still count")
    func off() async throws {
        let (client, sink) = try await H.client(exposures: .off)
        for key in ["plain", "tracked", "exp"] { _ = client.boolVariation(key, context: H.user, default: false) }
        await client.flush()
        #expect(sink.exposures.isEmpty)
        #expect(sink.summaries.first?.evaluations(of: "tracked") == 1)
        await client.close()
    }

    @Test("trackEvents flags and experiments are recorded every time in deduplicated mode")
    func alwaysRecorded() async throws {
        let (client, sink) = try await H.client()
        for _ in 0..<3 {
            _ = client.boolVariation("tracked", context: H.user, default: false)
            _ = client.boolVariation("exp", context: H.user, default: false)
        }
        await client.flush()
        #expect(sink.exposures.filter { $0.flagKey == "tracked" }.count == 3)
        let experiment = sink.exposures.filter { $0.flagKey == "exp" }
        #expect(experiment.count == 3)
        #expect(experiment.allSatisfy { $0.reason.inExperiment })
        await client.close()
    }

    @Test("a rule with trackEvents forces an exposure each time it matches; other rules and the fallthrough are deduplicated")
    func ruleLevelTrackEvents() async throws {
        let rules = #", "rules": [ { "id": "fr", "trackEvents": true, "clauses": [ { "attribute": "country", "op": "in", "values": ["FR"] } ], "variation": "on" },"#
            + #" { "id": "de", "clauses": [ { "attribute": "country", "op": "in", "values": ["DE"] } ], "variation": "on" } ]"#
        let json = Definitions.document(version: 1, flags: [Definitions.boolFlag("ruled", false, extra: rules)])
        let (client, sink) = try await H.client(json)
        let french = Context(json: ["kind": "user", "key": "fr-1", "country": "FR"])
        let german = Context(json: ["kind": "user", "key": "de-1", "country": "DE"])
        let other = Context(json: ["kind": "user", "key": "us-1", "country": "US"])
        for _ in 0..<3 {
            for context in [french, german, other] { _ = client.boolVariation("ruled", context: context, default: false) }
        }
        await client.flush()
        let keys = sink.exposures.map { $0.reason.ruleId ?? $0.reason.kind.rawValue }
        #expect(keys.filter { $0 == "fr" }.count == 3)
        #expect(keys.filter { $0 == "de" }.count == 1)
        #expect(keys.filter { $0 == "FALLTHROUGH" }.count == 1)
        await client.close()
    }

    @Test("LaunchDarkly's trackEventsFallthrough forces an exposure each time a flag falls through; rule trackEvents each time its rule matches")
    func launchDarklyTracking() async throws {
        let json = #"""
        {"flags":{"f":{"key":"f","version":2,"on":true,"variations":[false,true],"fallthrough":{"variation":0},
          "trackEventsFallthrough":true,
          "rules":[{"id":"fr","trackEvents":true,"clauses":[{"attribute":"country","op":"in","values":["FR"]}],"variation":1},
                   {"id":"de","clauses":[{"attribute":"country","op":"in","values":["DE"]}],"variation":1}]}}}
        """#
        let sink = InMemoryEventSink()
        let client = try await ClientHarness.ready("") {
            $0.source = .bootstrap(.json(json, format: .launchDarkly))
            $0.events = EventsConfiguration(destination: .sink(sink), exposures: .deduplicated, flushInterval: .seconds(3600))
        }
        for _ in 0..<3 {
            for country in ["FR", "DE", "US"] {
                _ = client.boolVariation("f", context: Context(launchDarklyJSON: ["key": "u", "custom": ["country": .string(country)]]),
                                         default: false)
            }
        }
        await client.flush()
        let keys = sink.exposures.map { $0.reason.ruleId ?? $0.reason.kind.rawValue }
        #expect(keys.filter { $0 == "fr" }.count == 3)
        #expect(keys.filter { $0 == "de" }.count == 1)
        #expect(keys.filter { $0 == "FALLTHROUGH" }.count == 3)
        #expect(sink.exposures.first?.variationKey == "1")
        await client.close()
    }

    @Test("track: false records no exposure, even for a trackEvents flag, but counts in the summary")
    func optOut() async throws {
        let (client, sink) = try await H.client(exposures: .all)
        _ = client.boolVariation("tracked", context: H.user, default: false, track: false)
        _ = client.boolVariationDetail("plain", context: H.user, default: false, track: false)
        _ = client.variation("plain", context: H.user, track: false)
        _ = client.unleash.isEnabled("plain", context: H.user, track: false)
        _ = client.bound(to: H.user).boolVariation("plain", default: false, track: false)
        _ = client.variations(context: H.user, track: false)
        await client.flush()
        #expect(sink.exposures.isEmpty)
        #expect(sink.summaries.first?.evaluations(of: "plain") == 5)
        await client.close()
    }

    @Test("track: false records no exposure through any call of a bound client, with or without hooks",
          arguments: [false, true])
    func boundOptOut(withHooks: Bool) async throws {
        let (client, sink) = try await H.client(exposures: .all)
        let bound = client.bound(to: H.user, hooks: withHooks ? [NoOpHook()] : [])
        _ = bound.boolVariation("plain", default: false, track: false)
        _ = bound.stringVariation("plain", default: "", track: false)
        _ = bound.intVariation("plain", default: 0, track: false)
        _ = bound.doubleVariation("plain", default: 0, track: false)
        _ = bound.jsonVariation("plain", default: .null, track: false)
        _ = bound.variation("plain", default: false, track: false)
        _ = bound.variation("plain", default: false, track: false, hooks: [NoOpHook()])
        _ = bound.variationDetail("plain", default: false, track: false)
        _ = bound.variationDetail("plain", default: false, track: false, hooks: [NoOpHook()])
        _ = bound.boolVariationDetail("plain", default: false, track: false)
        _ = bound.stringVariationDetail("plain", default: "", track: false)
        _ = bound.intVariationDetail("plain", default: 0, track: false)
        _ = bound.doubleVariationDetail("plain", default: 0, track: false)
        _ = bound.jsonVariationDetail("plain", default: .null, track: false)
        _ = bound.variation("plain", track: false)
        _ = bound.variable("x", of: "plain", default: 0, track: false)
        _ = bound.unleash.isEnabled("plain", track: false)
        _ = bound.variations(onlyEnabled: true, track: false)
        _ = bound.variations(["plain"], track: false)
        _ = bound.variations(inFlagSets: ["none"], track: false)
        await client.flush()
        #expect(sink.exposures.isEmpty)
        #expect(sink.summaries.first?.evaluations(of: "plain") == 19)

        // The same calls tracked do record: the opt-out above is what kept them out.
        _ = bound.variation("plain", default: false)
        _ = bound.variationDetail("plain", default: false)
        await client.flush()
        #expect(sink.exposures.count == 2)
        await client.close()
    }

    @Test("every evaluation API records; allFlagsState does not")
    func everyAPI() async throws {
        let (client, sink) = try await H.client(exposures: .all)
        _ = client.boolVariationDetail("plain", context: H.user, default: false)
        _ = client.variation("plain", context: H.user)
        _ = client.unleash.isEnabled("plain", context: H.user)
        _ = client.variable("x", of: "plain", context: H.user, default: 0)
        _ = client.variations(["plain"], context: H.user)
        _ = client.bound(to: H.user).unleash.isEnabled("plain")
        _ = client.allFlagsState(context: H.user)
        await client.flush()
        #expect(sink.exposures.count == 6)
        #expect(sink.summaries.first?.evaluations(of: "plain") == 6)
        await client.close()
    }

    @Test("a new flag version or another variation is a new exposure; the summary keeps both versions")
    func versionAndVariation() async throws {
        let sink = InMemoryEventSink()
        let (client, source) = try await ClientHarness.manual {
            $0.events = EventsConfiguration(destination: .sink(sink), flushInterval: .seconds(3600))
        }
        #expect(await source.push(Definitions.document(flags: [Definitions.boolFlag("plain", true, version: 1)])))
        _ = client.boolVariation("plain", context: H.user, default: false)
        #expect(await source.push(Definitions.document(version: 2, flags: [Definitions.boolFlag("plain", true, version: 2)])))
        _ = client.boolVariation("plain", context: H.user, default: false)
        _ = client.boolVariation("plain", context: H.user, default: false)
        #expect(await source.push(Definitions.document(version: 3, flags: [Definitions.boolFlag("plain", false, version: 2)])))
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        #expect(sink.exposures.map { "\($0.flagVersion):\($0.variationKey ?? "-")" } == ["1:on", "2:on", "2:off"])
        let counters = try #require(sink.summaries.first?.flags["plain"])
        #expect(counters == [
            SummaryEvent.Counter(version: 1, variationIndex: 1, variationKey: "on", count: 1),
            SummaryEvent.Counter(version: 2, variationIndex: 0, variationKey: "off", count: 1),
            SummaryEvent.Counter(version: 2, variationIndex: 1, variationKey: "on", count: 2),
        ])
        await client.close()
    }

    @Test("the deduplication window passes on the client's clock and the exposure is recorded again")
    func window() async throws {
        let clock = ManualClock(wallMilliseconds: 1_700_000_000_000)
        let (client, sink) = try await H.client(clock: clock) { $0.deduplicationWindow = .milliseconds(200) }
        _ = client.boolVariation("plain", context: H.user, default: false)
        _ = client.boolVariation("plain", context: H.user, default: false)
        clock.advance(by: .milliseconds(199))
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        #expect(sink.exposures.count == 1)
        clock.advance(by: .milliseconds(1))
        _ = client.boolVariation("plain", context: H.user, default: false)
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        // Stamped with the clock's wall time.
        #expect(sink.exposures.map(\.timestamp) == [1_700_000_000_000, 1_700_000_000_200])
        await client.close()
    }

    @Test("a full deduplication table forgets the oldest: more exposures, never fewer")
    func boundedTable() async throws {
        let (client, sink) = try await H.client { $0.deduplicationCapacity = 4 }
        let contexts = (0..<64).map { Context(key: "u-\($0)") }
        for context in contexts { _ = client.boolVariation("plain", context: context, default: false) }
        for context in contexts { _ = client.boolVariation("plain", context: context, default: false) }
        await client.flush()
        let keys = Set(sink.exposures.compactMap { $0.contextKeys["user"] })
        #expect(keys.count == 64)
        #expect(sink.exposures.count > 64)
        await client.close()
    }

    @Test("unknown flags, invalid contexts and evaluations before ready record no exposure")
    func noExposure() async throws {
        let (client, sink) = try await H.client(exposures: .all)
        _ = client.boolVariation("missing", context: H.user, default: false)
        _ = client.boolVariation("plain", context: Context(key: ""), default: false)
        await client.flush()
        #expect(sink.exposures.isEmpty)
        let summary = try #require(sink.summaries.first)
        #expect(summary.flags["missing"] == [SummaryEvent.Counter(version: nil, variationIndex: nil, variationKey: nil, count: 1)])
        #expect(summary.flags["plain"] == [SummaryEvent.Counter(version: 3, variationIndex: nil, variationKey: nil, count: 1)])
        await client.close()
    }
}
