import Burgee
import BurgeeCore
import BurgeeRelay
import BurgeeServer
import BurgeeTestSupport
import BurgeeTesting
import Logging

/// An upstream `burgee serve` and a relay following it, on loopback.
struct RelayHarness {
    let document: RelayDocument
    let upstream: RunningDefinitionsServer
    let relay: DefinitionsRelay
    let clock: ManualClock
    static let pollInterval = Duration.seconds(5)

    /// The upstream's key per format: checked upstream where its protocol carries one.
    static func key(for format: DefinitionsFormat) -> String? {
        switch format {
        case .native, .unleash, .launchDarkly, .split, .eppo: "upstream-key"
        default: nil
        }
    }

    static func with<R>(_ document: RelayDocument, streaming: Bool = true,
                        forwarding: RelayForwarding = RelayForwarding(retryDelay: .milliseconds(500)),
                        upstreamKey: String? = nil,
                        _ body: (RelayHarness) async throws -> R) async throws -> R {
        let key = upstreamKey ?? key(for: document.format)
        var upstreamConfiguration = DefinitionsServerConfiguration(port: 0, sdkKey: key, heartbeatInterval: .seconds(1))
        upstreamConfiguration.format = document.format
        upstreamConfiguration.servesExplorer = false
        let upstream = try await DefinitionsServer.start(configuration: upstreamConfiguration,
                                                         definitions: .json(Array(document.text(true, 1).utf8)),
                                                         logger: TestClients.quietLogger)
        let clock = ManualClock()
        let relay: DefinitionsRelay
        do {
            relay = try await DefinitionsRelay.start(
                upstream: RelayUpstream(format: document.format, url: upstream.clientURL, key: key ?? "site-1",
                                        pollInterval: pollInterval, streaming: streaming),
                configuration: DefinitionsServerConfiguration(port: 0, heartbeatInterval: .seconds(1), format: document.format,
                                                              servesExplorer: false),
                forwarding: forwarding, readyTimeout: .seconds(3600), clock: clock, logger: TestClients.quietLogger)
        } catch {
            await upstream.stop()
            throw error
        }
        let harness = RelayHarness(document: document, upstream: upstream, relay: relay, clock: clock)
        do {
            let result = try await body(harness)
            await relay.stop()
            await upstream.stop()
            return result
        } catch {
            await relay.stop()
            await upstream.stop()
            throw error
        }
    }

    /// OFREP's value of the document's flag on `server`, for one targeting key.
    func value(at server: RunningDefinitionsServer) async throws -> JSONValue? {
        let body = Array(#"{"context":{"targetingKey":"user-1"}}"#.utf8)
        var headers = [("Content-Type", "application/json")]
        if let key = server.server.configuration.sdkKey { headers.append(("Authorization", "Bearer " + key)) }
        let answer = try await post(server.baseURL + "/ofrep/v1/evaluate/flags/" + document.flag, body: body, headers: headers)
        return try JSONValue(parsing: answer.body).objectValue?["value"]
    }

    /// Changes the upstream's document, then moves the relay's clock until the relay serves the
    /// change (polling formats wait for their interval; streaming ones get it at once).
    func change(on: Bool, version: Int) async throws -> Bool {
        let before = relay.server.server.currentDocumentVersion
        try upstream.server.update(definitions: Array(document.text(on, version).utf8))
        return try await drive(clock, by: Self.pollInterval, beyond: 1, within: .seconds(60)) {
            relay.server.server.currentDocumentVersion != before
        }
    }

    /// POSTs `body` and returns the answer.
    func post(_ url: String, body: [UInt8], headers: [(String, String)] = []) async throws -> DefinitionsTransport.Answer {
        try await request("POST", url, headers: headers, body: body)
    }

    /// GETs `url` and returns the answer.
    func get(_ url: String, headers: [(String, String)] = []) async throws -> DefinitionsTransport.Answer {
        try await request("GET", url, headers: headers, body: nil)
    }

    private func request(_ method: String, _ url: String, headers: [(String, String)],
                         body: [UInt8]?) async throws -> DefinitionsTransport.Answer {
        let transport = DefinitionsTransport(options: HTTPOptions(allowInsecureHTTP: true), sdkKey: nil, readTimeout: .seconds(10))
        let answer = await transport.request(method, try ServiceURL(url, allowInsecureHTTP: true), headers: headers, body: body)
        await transport.shutdown()
        return try answer.get()
    }
}

extension RelayHarness {
    /// Sends `post` to `server`, with the server's key when it has one and the post carries none.
    func send(_ request: RelayPost, to server: RunningDefinitionsServer) async throws -> DefinitionsTransport.Answer {
        var headers = request.headers
        if let key = server.server.configuration.sdkKey, !headers.contains(where: { $0.0 == "Authorization" }) {
            headers.append(("Authorization", key))
        }
        let url = server.baseURL + request.path
        return request.method == "GET"
            ? try await get(url, headers: headers) : try await post(url, body: Array(request.body.utf8), headers: headers)
    }

    /// `GET /events/stats` of `server`, without the sizes in bytes (a post the relay made itself
    /// has none there).
    func eventStats(at server: RunningDefinitionsServer) async throws -> JSONValue {
        var headers: [(String, String)] = []
        if let key = server.server.configuration.sdkKey { headers.append(("Authorization", key)) }
        return Self.withoutSizes(try JSONValue(parsing: try await get(server.baseURL + "/events/stats", headers: headers).body))
    }

    private static func withoutSizes(_ json: JSONValue) -> JSONValue {
        switch json {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (name, value) in members where !name.lowercased().contains("bytes") { kept[name] = withoutSizes(value) }
            return .object(kept)
        case .array(let elements): return .array(elements.map(withoutSizes))
        default: return json
        }
    }
}
