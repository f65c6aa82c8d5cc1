import Burgee
import BurgeeCore
import BurgeeTesting
import Metrics
import Testing
@testable import BurgeeKameleoon

/// `client.kameleoon`: Kameleoon's calls over a Kameleoon configuration, with stateful visitors.
@Suite("Kameleoon view")
struct KameleoonViewTests {
    private func client(_ json: String = KameleoonDocuments.standard()) async throws -> (BurgeeClient, InMemoryEventSink) {
        let sink = InMemoryEventSink()
        let client = try await ClientHarness.ready(json) {
            $0.events = EventsConfiguration(destination: .inMemory(sink), exposures: .off, flushInterval: .seconds(3600))
        }
        return (client, sink)
    }

    @Test func dataAddedToAVisitorIsWhatItsTargetingReads() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        let before = try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro", track: false)
        #expect(before.key == "off")
        #expect(before.id == nil && before.experimentId == nil && before.ruleId == nil)
        try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]))
        let after = try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro", track: false)
        #expect(after.key == "on")
        #expect(after.name == "On")
        #expect(after.id == 4008)
        #expect(after.experimentId == 4002)
        #expect(after.ruleId == 4001)
        #expect(after.ruleType == "TARGETED_DELIVERY")
        #expect(after.variables["color"] == KameleoonVariable(key: "color", type: "STRING", value: "red"))
        #expect(after.variables["cfg"]?.value == .object(["a": 1]))
        #expect(try client.kameleoon.getFeatureVariable(visitorCode: "v1", featureKey: "ff_pro", variableName: "color") == "red")
        #expect(try client.kameleoon.getFeatureVariationKey(visitorCode: "v1", featureKey: "ff_pro") == "on")
        #expect(try client.kameleoon.isFeatureActive(visitorCode: "v1", featureKey: "ff_pro"))
        // Another visitor has none of v1's data; data by the configuration's name works too.
        #expect(try client.kameleoon.getVariation(visitorCode: "v2", featureKey: "ff_pro").key == "off")
        try client.kameleoon.addData(visitorCode: "v2", .namedCustomData(name: "plan", values: ["pro"]))
        #expect(try client.kameleoon.getVariation(visitorCode: "v2", featureKey: "ff_pro").key == "on")
        // A later value at the same index replaces the earlier one.
        try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["free"]))
        #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro").key == "off")
    }

    @Test func kameleoonsErrorsAreTyped() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        #expect(throws: KameleoonError.featureNotFound("nope")) {
            try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "nope")
        }
        #expect(throws: KameleoonError.featureEnvironmentDisabled("ff_off")) {
            try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_off")
        }
        #expect(try client.kameleoon.isFeatureActive(visitorCode: "v1", featureKey: "ff_off") == false)
        #expect(throws: KameleoonError.featureNotFound("nope")) {
            try client.kameleoon.isFeatureActive(visitorCode: "v1", featureKey: "nope")
        }
        #expect(throws: KameleoonError.visitorCodeInvalid("the visitor code is empty")) {
            try client.kameleoon.getVariation(visitorCode: "", featureKey: "ff_pro")
        }
        let long = String(repeating: "é", count: 256)
        #expect(throws: KameleoonError.self) { try client.kameleoon.getVariation(visitorCode: long, featureKey: "ff_pro") }
        // 255 characters is still valid (characters, not bytes, as Kameleoon's Python SDK counts).
        #expect(try client.kameleoon.getVariation(visitorCode: String(long.dropFirst()), featureKey: "ff_pro").key == "off")
        #expect(throws: KameleoonError.featureVariableNotFound("size")) {
            try client.kameleoon.getFeatureVariable(visitorCode: "v1", featureKey: "ff_exp", variableName: "size")
        }
        #expect(throws: KameleoonError.self) { try client.kameleoon.addData(visitorCode: "", .device("PHONE")) }
    }

    @Test func beforeAnyConfigurationEveryFeatureIsNotFound() async throws {
        let client = try BurgeeClient(configuration: .init(logger: TestClients.quietLogger))
        #expect(throws: KameleoonError.featureNotFound("ff_pro")) {
            try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro")
        }
        #expect(try client.kameleoon.getVariations(visitorCode: "v1").isEmpty)
        await client.close()
    }

    @Test func anAssignmentIsRememberedForLaterTargeting() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_after").key == "off")
        #expect(client.kameleoon.visitorCount == 0)
        #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_exp").key == "on")
        #expect(client.kameleoon.visitorCount == 1)
        #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_after").key == "on")
        #expect(try client.kameleoon.getVariation(visitorCode: "v2", featureKey: "ff_after").key == "off")
    }

    @Test func withdrawnConsentKeepsAVisitorOutOfExperiments() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        try client.kameleoon.setLegalConsent(visitorCode: "v1", consent: false)
        // Partial blocking: the experiment serves the default; targeted delivery is not blocked.
        let blocked = try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_exp")
        #expect(blocked.key == "off" && blocked.id == nil)
        try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]))
        #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro").key == "on")
        try client.kameleoon.setLegalConsent(visitorCode: "v1", consent: true)
        #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_exp").key == "on")
    }

    @Test func getVariationsLeavesOutDisabledAndOptionallyInactiveFlags() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        let all = try client.kameleoon.getVariations(visitorCode: "v1", track: false)
        #expect(all.mapValues(\.key) == ["ff_pro": "off", "ff_exp": "on", "ff_after": "on"])
        let active = try client.kameleoon.getVariations(visitorCode: "v9", onlyActive: true, track: false)
        #expect(Set(active.keys) == ["ff_exp", "ff_after"])
        #expect(throws: KameleoonError.self) { try client.kameleoon.getVariations(visitorCode: "") }
    }

    @Test func typedGettersAndAllFlagsEvaluateKameleoonFlagsForAContextWithoutVisitorData() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        // A visitor is a context of kind `visitor` whose key is the visitor code.
        let context = Context(kind: "visitor", key: "v1")
        #expect(client.stringVariation("ff_exp", context: context, default: "x") == "on")
        #expect(client.stringVariation("ff_pro", context: context, default: "x") == "off")
        #expect(client.stringVariation("ff_off", context: context, default: "x") == "x")
        let detail = client.stringVariationDetail("ff_exp", context: context, default: "x")
        #expect(detail.reason.kind == .ruleMatch)
        let all = client.allFlagsState(context: context)
        #expect(Set(all.flags.keys) == ["ff_pro", "ff_exp", "ff_off", "ff_after"])
    }

    @Test func theVisitorStoreStaysWithinItsBound() throws {
        let store = KameleoonVisitorStore(limits: KameleoonVisitorLimits(maxVisitors: 1_000), metrics: NOOPMetricsHandler.instance)
        for i in 0..<1_000_000 {
            try store.withVisitor("visitor-\(i)", now: 1_000 + Int64(i) / 1000) { $0.setConsent(true, at: 0) }
            if i % 100_000 == 0 { #expect(store.count <= 1_000) }
        }
        #expect(store.count <= 1_000)
        #expect(store.count >= 1_000 - KameleoonVisitorStore.shardCount)
        #expect(store.forgottenCounts.evicted == 1_000_000 - store.count)
        // The most recent visitors are kept, the oldest forgotten.
        #expect(store.visitor("visitor-999999", now: 2_000) != nil)
        #expect(store.visitor("visitor-0", now: 2_000) == nil)
    }

    @Test func anIdleVisitorStartsAgainEmpty() throws {
        let store = KameleoonVisitorStore(limits: KameleoonVisitorLimits(maxVisitors: 100, sessionDuration: .seconds(60)),
                                          metrics: NOOPMetricsHandler.instance)
        try store.withVisitor("v1", now: 0) { $0.setConsent(true, at: 0) }
        try store.withVisitor("v1", now: 59_999) { #expect($0.consent == true) }
        // Idle past the session: empty again, and no longer kept.
        try store.withVisitor("v1", now: 60_000 + 59_999 + 1) { #expect($0.consent == nil) }
        #expect(store.count == 0)
        #expect(store.forgottenCounts.expired == 1)
        // A visitor used again and again stays one entry.
        for t in 0..<10_000 { try store.withVisitor("v2", now: 200_000 + Int64(t)) { $0.setConsent(true, at: 0) } }
        #expect(store.count == 1)
        // Idle visitors are forgotten as others come.
        try store.withVisitor("v3", now: 1_000_000) { $0.setConsent(true, at: 0) }
        #expect(store.visitor("v2", now: 1_000_000) == nil)
        #expect(store.visitor("v3", now: 1_000_000) != nil)
    }
}
