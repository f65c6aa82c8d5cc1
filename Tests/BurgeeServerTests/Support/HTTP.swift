import AsyncHTTPClient
import Foundation
import Hummingbird

/// A whole response, for requests whose body is short.
struct Fetched: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Real HTTP over loopback with async-http-client, each test with its own client.
enum HTTP {
    /// Runs `body` with a new client whose idle read timeout bounds every wait for data.
    static func withClient<R>(readTimeoutSeconds: Int64 = 10, _ body: (HTTPClient) async throws -> R) async throws -> R {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(readTimeoutSeconds))
        return try await HTTPClient.withHTTPClient(configuration: configuration) { client in
            try await body(client)
        }
    }

    static func request(_ url: String, method: String = "GET", headers: [(String, String)] = [],
                        body: [UInt8]? = nil) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        return request
    }

    /// Sends a request and reads the whole body.
    static func fetch(_ client: HTTPClient, _ url: String, method: String = "GET", headers: [(String, String)] = [],
                      body: [UInt8]? = nil, timeoutSeconds: Int64 = 10) async throws -> Fetched {
        let response = try await client.execute(request(url, method: method, headers: headers, body: body),
                                                timeout: .seconds(timeoutSeconds))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return Fetched(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                       body: Array(bytes.readableBytesView))
    }
}

/// Bounded waits: poll a condition with short sleeps until it holds or a generous deadline passes.
/// Generous, because the deadline is a bound against hanging, not a timing: the whole suite on two
/// cores can keep a task from running for seconds.
func eventually(within seconds: Double = 30, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}
