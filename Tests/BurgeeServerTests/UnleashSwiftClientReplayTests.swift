import BurgeeCore
import BurgeeServer
import BurgeeTestSupport
import Foundation
import Testing

/// The requests of Unleash's Swift frontend SDK (`unleash-proxy-client-swift`), replayed byte
/// for byte as its poller and metrics send them: its URL is `…/api/frontend`; the context goes in
/// the query, each key and value percent-encoded except RFC 3986's unreserved characters (so
/// `properties%5Bname%5D`), in a dictionary's order; `Authorization` is the raw client key;
/// `If-None-Match` is empty until an `ETag` was received; metrics go to `…/client/metrics`.
@Suite("Unleash's Swift frontend SDK, replayed")
struct UnleashSwiftClientReplayTests {
    private static let key = "*:development.frontend"

    private func poll(port: Int, query: String, etag: String) async -> (status: String, headers: String, body: String) {
        let request = "GET /api/frontend?\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Content-Type: application/json\r\nAuthorization: \(Self.key)\r\nIf-None-Match: \(etag)\r\n"
            + "unleash-appname: my app\r\nunleash-connection-id: 0E0B8A2C-6C0B-4C4A-9A62-5B1B1E6A5C11\r\n"
            + "unleash-sdk: unleash-client-swift:2.2.0\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        return Self.split(await Self.exchange(port: port, request))
    }

    /// The exchange on a thread of its own: a blocking read on one of the cooperative pool's two
    /// threads would starve the server answering it.
    private static func exchange(port: Int, _ request: String) async -> String {
        await onOwnThread { TCP.exchange(port: port, request) }
    }

    private static func split(_ answer: String) -> (status: String, headers: String, body: String) {
        let parts = answer.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        // The status line: "\r\n" is one Character, so split on the string.
        return (head.components(separatedBy: "\r\n").first ?? "", head, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    private static func etag(in headers: String) -> String? {
        headers.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("etag:") }
            .map { String($0.dropFirst("etag:".count)).trimmingCharacters(in: .whitespaces) }
    }

    @Test func itsPollGetsTheTogglesThenA304ThenFollowsAContextChange() async throws {
        try await TestServer.with(.json(Documents.bytes(UnleashFrontendTests.features)), configure: {
            $0.format = .unleash
            $0.frontendKeys = [Self.key]
        }) { _, running, _ in
            let query = "appName=my%20app&properties%5Bcountry%5D=FR&userId=7&environment=prod"
            let first = await poll(port: running.port, query: query, etag: "")
            #expect(first.status == "HTTP/1.1 200 OK")
            let names = try Documents.json(first.body).objectValue?["toggles"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
            #expect(names == ["blue", "french", "on", "prod-app", "user-7"])
            let etag = try #require(Self.etag(in: first.headers))
            let second = await poll(port: running.port, query: "userId=7&environment=prod&properties%5Bcountry%5D=FR&appName=my%20app", etag: etag)
            #expect(second.status == "HTTP/1.1 304 Not Modified")
            // `updateContext` changes the query: the new context's toggles come back.
            let changed = await poll(port: running.port, query: "appName=my%20app&userId=9", etag: etag)
            #expect(changed.status == "HTTP/1.1 200 OK")
            let changedNames = try Documents.json(changed.body).objectValue?["toggles"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
            #expect(changedNames == ["blue", "on"])
            // Raw brackets, which Unleash's other frontend SDKs may send, read the same.
            let raw = await poll(port: running.port, query: "properties[country]=FR", etag: "")
            #expect(raw.body.contains(#""name":"french""#))
        }
    }

    @Test func itsMetricsAreCounted() async throws {
        try await TestServer.with(.json(Documents.bytes(UnleashFrontendTests.features)), configure: {
            $0.format = .unleash
            $0.frontendKeys = [Self.key]
        }) { server, running, _ in
            let body = #"{"appName":"my app","instanceId":"swift","bucket":{"start":"2025-01-01T00:00:00.000Z","stop":"2025-01-01T00:00:30.000Z","toggles":{"blue":{"yes":3,"no":0,"variants":{"blue":3}},"off":{"yes":0,"no":2,"variants":{}}}}}"#
            let request = "POST /api/frontend/client/metrics HTTP/1.1\r\nHost: 127.0.0.1:\(running.port)\r\n"
                + "Accept: application/json\r\nCache: no-cache\r\nContent-Type: application/json\r\n"
                + "Authorization: \(Self.key)\r\nunleash-appname: my app\r\n"
                + "unleash-connection-id: 0E0B8A2C-6C0B-4C4A-9A62-5B1B1E6A5C11\r\nunleash-sdk: unleash-client-swift:2.2.0\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
            let answer = Self.split(await Self.exchange(port: running.port, request))
            #expect(answer.status == "HTTP/1.1 202 Accepted")
            #expect(server.unleashToggleCounts == [
                "blue": UnleashToggleCounts(yes: 3, no: 0, variants: ["blue": 3]), "off": UnleashToggleCounts(yes: 0, no: 2),
            ])
        }
    }
}
