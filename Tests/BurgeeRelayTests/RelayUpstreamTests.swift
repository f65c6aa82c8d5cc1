import BurgeeCore
@testable import BurgeeRelay
import Testing

/// Where a relay's forwarded posts go.
@Suite("relay: where posts go")
struct RelayUpstreamTests {
    @Test("the upstream's origin by default, --upstream-events when given, the vendor's events host for its own services")
    func forwardingBase() {
        let served = RelayUpstream(format: .unleash, url: "http://127.0.0.1:8030/api")
        #expect(served.forwardingBase == "http://127.0.0.1:8030")
        #expect(UnleashUpstream.vendorEventsBase(for: served) == nil)
        let given = RelayUpstream(format: .unleash, url: "https://unleash.example.com/api", eventsURL: "https://unleash.example.com/prefix/")
        #expect(given.forwardingBase == "https://unleash.example.com/prefix")
        let launchDarkly = RelayUpstream(format: .launchDarkly, url: "https://sdk.launchdarkly.com/")
        #expect(LaunchDarklyUpstream.vendorEventsBase(for: launchDarkly) == "https://events.launchdarkly.com")
        let relayProxy = RelayUpstream(format: .launchDarkly, url: "https://relay.example.com:8030")
        #expect(LaunchDarklyUpstream.vendorEventsBase(for: relayProxy) == nil)
        #expect(relayProxy.forwardingBase == "https://relay.example.com:8030")
        let split = RelayUpstream(format: .split, url: "https://sdk.split.io/api")
        #expect(SplitUpstream.vendorEventsBase(for: split) == "https://events.split.io")
    }

    @Test("the Unleash frontend SDKs' posts go to the client API's paths; LaunchDarkly's mobile posts keep their credential")
    func pathsAndCredentials() {
        #expect(UnleashUpstream.upstreamPath("/api/frontend/client/metrics") == "/api/client/metrics")
        #expect(UnleashUpstream.upstreamPath("/proxy/client/register") == "/api/client/register")
        #expect(UnleashUpstream.upstreamPath("/api/client/metrics") == "/api/client/metrics")
        #expect(LaunchDarklyUpstream.credentialHeaders(key: "k", path: "/mobile/events/bulk").isEmpty)
        #expect(LaunchDarklyUpstream.credentialHeaders(key: "k", path: "/events/bulk/env-1").isEmpty)
        #expect(LaunchDarklyUpstream.credentialHeaders(key: "k", path: "/bulk").map(\.value) == ["k"])
        #expect(SplitUpstream.credentialHeaders(key: "k", path: "/api/events/bulk").map(\.value) == ["Bearer k"])
        #expect(UpstreamProtocols.all.count == 8)
        for format in DefinitionsFormat.allCases { #expect(UpstreamProtocols.of(format)?.format == format, "\(format)") }
    }
}
