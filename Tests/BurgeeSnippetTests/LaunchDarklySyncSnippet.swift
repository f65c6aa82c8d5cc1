// The Swift example of docs/launchdarkly-sync.md, compiled (kept in step with the page by hand).

import Burgee
import Logging

func launchDarklySyncSnippet() async throws {
    let logger = Logger(label: "checkout")
    let sdkKey = "sdk-…"   // the environment's server-side SDK key

    // LaunchDarkly's service: https://stream.launchdarkly.com and https://sdk.launchdarkly.com.
    let client = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, logger: logger))
    client.start()
    _ = await client.waitUntilReady(timeout: .seconds(5))
    let enabled = client.boolVariation("new-checkout", context: Context(key: "user-1"), default: false)

    // A Relay Proxy serves both endpoints at one base URI.
    let relay = LaunchDarklyConnection.relayProxy("https://relay.internal:8030")
    let viaRelay = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, connection: relay, logger: logger))

    // Polling only, every 60 seconds, through a gateway that wants a header of its own.
    let polling = LaunchDarklyConnection(streaming: false, pollingInterval: .seconds(60),
                                         http: HTTPOptions(headers: ["X-Gateway": "checkout"]))
    let polled = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, connection: polling, logger: logger))
    _ = (enabled, viaRelay, polled)
}
