// The bounded waits shared with the client suites (eventually, withTimeLimit), for every file here.
@_exported import BurgeeTestSupport
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
