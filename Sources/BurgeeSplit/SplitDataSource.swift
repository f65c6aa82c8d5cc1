import Burgee
import BurgeeCore
import Logging

/// Syncs with Split's SDK API (Split's servers, a Split Proxy, or `burgee serve --format split`)
/// as Split's server SDKs do: streaming from Split's streaming service as "notify then fetch"
/// (``SplitPushClient``), polling while the stream is down (and always when streaming is off),
/// both through one ``SplitSyncLoop`` that owns the synced state and runs the since/till fetches
/// of ``SplitFetcher``.
struct SplitDataSource: DataSource {
    let options: SplitPolling
    /// The SDK API's base URL, without a trailing slash.
    let base: String
    /// `Bearer <SDK key>`.
    let authorization: SDKKey
    /// `{auth}/v2/auth?s=1.3`, when streaming is on.
    let authURL: ServiceURL?

    init(options: SplitPolling, sdkKey: SDKKey?) throws(ConfigurationError) {
        try options.validate()
        guard let sdkKey else { throw .invalidConnection("Split needs the SDK key, sent as Authorization: Bearer <key>") }
        self.options = options
        base = options.sdkURL.hasSuffix("/") ? String(options.sdkURL.dropLast()) : options.sdkURL
        // Checked once here, so that the URLs built from them later are valid.
        _ = try ServiceURL(base + "/splitChanges", allowInsecureHTTP: options.http.allowInsecureHTTP)
        if options.streaming.isEnabled {
            authURL = try ServiceURL(options.streaming.authBase(sdkURL: base) + "/v2/auth?s=" + SplitPolling.spec,
                                     allowInsecureHTTP: options.http.allowInsecureHTTP)
            _ = try ServiceURL(options.streaming.streamingBase(sdkURL: base) + "/event-stream",
                               allowInsecureHTTP: options.http.allowInsecureHTTP)
        } else {
            authURL = nil
        }
        authorization = SDKKey("Bearer " + sdkKey.value)!
    }

    func run(_ sink: DataSourceSink) async {
        var http = options.http
        http.headers["SplitSDKVersion"] = "swift-burgee-" + SDKVersion.version
        for (name, value) in options.machineHeaders { http.headers[name] = value }
        let transport = DefinitionsTransport(options: http, sdkKey: authorization, readTimeout: http.requestTimeout)
        let (requests, continuation) = AsyncStream<SplitSyncRequest>.makeStream()
        let send: @Sendable (SplitSyncRequest) -> Void = { continuation.yield($0) }
        var push: Task<Void, Never>?
        var streamTransport: DefinitionsTransport?
        if let authURL {
            // The token goes in the URL; the stream's request carries no key.
            let streaming = DefinitionsTransport(options: http, sdkKey: nil, readTimeout: options.streaming.idleTimeout)
            streamTransport = streaming
            let client = SplitPushClient(authURL: authURL, streamingBase: options.streaming.streamingBase(sdkURL: base),
                                         options: options.streaming, http: http)
            push = Task { await client.run(authTransport: transport, streamTransport: streaming, sink: sink, send: send) }
        }
        var loop = SplitSyncLoop(fetcher: SplitFetcher(base: base, options: options, transport: transport, sink: sink),
                                 options: options, sink: sink, send: send)
        await withTaskCancellationHandler {
            await loop.run(requests)
        } onCancel: {
            continuation.finish()
        }
        continuation.finish()
        push?.cancel()
        await push?.value
        await streamTransport?.shutdown()
        await transport.shutdown()
    }

    /// `name` percent-encoded for a URL path (letters, digits, `-`, `_`, `.` and `~` as they are).
    static func pathSegment(_ name: String) -> String {
        PercentEncoding.encode(name)
    }
}
