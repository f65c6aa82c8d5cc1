import Burgee
import BurgeeCore
import Testing

@Suite("Tracking consent")
struct ConsentTests {
    typealias H = EventsHarness

    /// One exposure (a trackEvents flag) and one custom event for `context`.
    static func produce(_ client: BurgeeClient, _ context: Context) -> Bool {
        _ = client.boolVariation("tracked", context: context, default: false)
        return client.track("checkout", context: context)
    }

    @Test("denied for the whole client: no event with context keys leaves; summaries still count")
    func clientWide() async throws {
        let (client, sink) = try await H.client { $0.consent = false }
        #expect(!Self.produce(client, H.user))
        await client.flush()
        #expect(sink.events.allSatisfy { $0.contextKeys.isEmpty })
        #expect(sink.summaries.first?.evaluations(of: "tracked") == 1)
        #expect(client.eventDiagnostics.deniedByConsent == 2)
        await client.close()
    }

    @Test("denied for one context: the others are still tracked")
    func perContext() async throws {
        let (client, sink) = try await H.client()
        client.setTrackingConsent(false, for: H.user)
        #expect(!Self.produce(client, H.user))
        #expect(Self.produce(client, H.other))
        await client.flush()
        #expect(Set(sink.events.flatMap { $0.contextKeys.values }) == ["u-2"])
        await client.close()
    }

    @Test("a multi-context with one denied part is not tracked")
    func multiContext() async throws {
        let (client, sink) = try await H.client()
        client.setTrackingConsent(false, for: Context(kind: "org", key: "acme"))
        #expect(!Self.produce(client, Context.multi([H.user, Context(kind: "org", key: "acme")])))
        #expect(Self.produce(client, Context.multi([H.user, Context(kind: "org", key: "other")])))
        await client.flush()
        #expect(sink.events.filter { !$0.contextKeys.isEmpty }.count == 2)
        #expect(sink.events.allSatisfy { $0.contextKeys["org"] != "acme" })
        await client.close()
    }

    @Test("default denied, granted per context (Kameleoon's legal consent)")
    func grantedPerContext() async throws {
        let (client, sink) = try await H.client { $0.consent = false }
        client.bound(to: H.other).setTrackingConsent(true)
        #expect(!Self.produce(client, H.user))
        #expect(Self.produce(client, H.other))
        await client.flush()
        #expect(Set(sink.events.flatMap { $0.contextKeys.values }) == ["u-2"])
        await client.close()
    }

    @Test("events queued before consent is withdrawn do not leave")
    func withdrawnAfterQueueing() async throws {
        let (client, sink) = try await H.client()
        #expect(Self.produce(client, H.user))
        client.setTrackingConsent(false, for: H.user)
        await client.flush()
        #expect(sink.events.allSatisfy { $0.contextKeys.isEmpty })
        #expect(client.eventDiagnostics.deniedByConsent == 2)
        client.setTrackingConsent(nil, for: H.user)
        #expect(Self.produce(client, H.user))
        await client.flush()
        #expect(sink.exposures.count == 1 && sink.customEvents.count == 1)
        await client.close()
    }

    @Test("consent turned off and on for the whole client at run time")
    func clientWideAtRunTime() async throws {
        let (client, sink) = try await H.client()
        client.setTrackingConsent(false)
        #expect(!Self.produce(client, H.user))
        client.setTrackingConsent(true)
        #expect(Self.produce(client, H.user))
        await client.flush()
        #expect(sink.customEvents.count == 1)
        await client.close()
    }
}
