#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1

/// Requests to a definitions service: the SDK key in `Authorization` and nowhere else, custom
/// headers, timeouts, the body size limit, and the mapping of answers and errors to outcomes.
/// Owns its HTTP client; call ``shutdown()`` when done.
package final class DefinitionsTransport: Sendable {
    /// What a definitions request brought.
    package enum FetchOutcome {
        /// A new body, and the ETag to send next time.
        case modified([UInt8], etag: String?)
        /// The definitions held are current (304).
        case notModified
        /// The request failed.
        case failed(HTTPFailure)
    }

    package let options: HTTPOptions
    package let redact: Redactor
    private let sdkKey: SDKKey?
    private let client: HTTPClient

    /// - Parameter readTimeout: the longest pause while a body arrives.
    package init(options: HTTPOptions, sdkKey: SDKKey?, readTimeout: Duration) {
        self.options = options
        self.sdkKey = sdkKey
        self.redact = Redactor(key: sdkKey)
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .init(options.connectTimeout), read: .init(readTimeout))
        // A redirect could lead to plain http on another host, or hand the key to someone else.
        configuration.redirectConfiguration = .disallow
        // A refused connection fails the request at once: retries are this client's own backoff,
        // not the HTTP client's reconnection loop, which would hold the request until its deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    package func shutdown() async {
        try? await client.shutdown()
    }

    /// GETs the definitions document, conditionally on `etag`.
    package func fetchDefinitions(_ url: ServiceURL, etag: String?, headers: [(String, String)] = []) async -> FetchOutcome {
        var request = makeRequest(url, accept: "application/json")
        if let etag { request.headers.add(name: "If-None-Match", value: etag) }
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        do {
            let response = try await client.execute(request, timeout: .init(options.requestTimeout))
            switch response.status.code {
            case 200:
                let body = try await collect(response, url: url)
                return .modified(body, etag: response.headers.first(name: "etag"))
            case 304:
                return .notModified
            default:
                return .failed(.status(response.status, headers: response.headers, url: url, nowUnixSeconds: Self.now()))
            }
        } catch let failure as HTTPFailure {
            return .failed(failure)
        } catch {
            return .failed(networkFailure(error, url: url))
        }
    }

    /// What a request answered, whatever its status: for protocols whose statuses and headers
    /// mean more than ``fetchDefinitions(_:etag:)`` reads (`Last-Modified`, a 403 that is an answer).
    package struct Answer: Sendable {
        /// The status code.
        package var status: Int
        /// The headers, in order.
        package var headers: [(name: String, value: String)]
        /// The body, within the size limit.
        package var body: [UInt8]
        /// The failure this answer stands for when it is not a success (401/403 unauthorized,
        /// `Retry-After` read).
        package var failure: HTTPFailure

        /// The first header named `name`, case-insensitively.
        package func header(_ name: String) -> String? {
            let lowered = name.lowercased()
            return headers.first { $0.name.lowercased() == lowered }?.value
        }
    }

    /// Sends `method` to `url` with `headers` added (after the configured ones, replacing them)
    /// and `body`, and returns the answer whatever its status; fails only when no answer came.
    package func request(_ method: String, _ url: ServiceURL, headers: [(String, String)] = [], body: [UInt8]? = nil,
                         accept: String = "application/json") async -> Result<Answer, HTTPFailure> {
        var request = makeRequest(url, accept: accept)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await client.execute(request, timeout: .init(options.requestTimeout))
            let bytes = try await collect(response, url: url)
            let failure = HTTPFailure.status(response.status, headers: response.headers, url: url, nowUnixSeconds: Self.now())
            return .success(Answer(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                                   body: bytes, failure: failure))
        } catch let failure as HTTPFailure {
            return .failure(failure)
        } catch {
            return .failure(networkFailure(error, url: url, method: method))
        }
    }

    /// POSTs a JSON body once (no retry) and returns the answer's status code.
    package func post(_ url: ServiceURL, json: [UInt8]) async -> Result<Int, HTTPFailure> {
        var request = makeRequest(url, accept: "application/json")
        request.method = .POST
        request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: json))
        do {
            let response = try await client.execute(request, timeout: .init(options.requestTimeout))
            // Read what little the answer says so the connection can be reused.
            _ = try? await response.body.collect(upTo: 64 << 10)
            return .success(Int(response.status.code))
        } catch {
            return .failure(networkFailure(error, url: url, method: "POST"))
        }
    }

    /// Opens an event stream; the body is read by the caller.
    package func openStream(_ url: ServiceURL, lastEventID: String?) async throws(HTTPFailure) -> HTTPClientResponse.Body {
        var request = makeRequest(url, accept: "text/event-stream")
        request.headers.add(name: "Cache-Control", value: "no-cache")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .init(options.connectTimeout + options.requestTimeout))
        } catch {
            throw networkFailure(error, url: url)
        }
        guard response.status == .ok else {
            throw .status(response.status, headers: response.headers, url: url, nowUnixSeconds: Self.now())
        }
        return response.body
    }

    /// The failure a thrown network error stands for, redacted.
    package func networkFailure(_ error: any Error, url: ServiceURL, method: String = "GET") -> HTTPFailure {
        if let failure = error as? HTTPFailure { return failure }
        let what: String
        switch error {
        case let e as HTTPClientError where e == .readTimeout: what = "no data within the read timeout"
        case let e as HTTPClientError where e == .deadlineExceeded: what = "no answer within the request timeout"
        case let e as HTTPClientError where e == .remoteConnectionClosed: what = "the server closed the connection"
        default: what = String(describing: error)
        }
        return HTTPFailure(DataSourceError(kind: .network, message: redact("\(method) \(url): \(what)")))
    }

    private func makeRequest(_ url: ServiceURL, accept: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.text)
        request.method = .GET
        request.headers.add(name: "Accept", value: accept)
        request.headers.add(name: "User-Agent", value: options.userAgent)
        for (name, value) in options.headers.sorted(by: { $0.key < $1.key }) {
            request.headers.add(name: name, value: value)
        }
        if let sdkKey { request.headers.replaceOrAdd(name: "Authorization", value: sdkKey.value) }
        return request
    }

    /// The whole body, refused as soon as it is known to exceed the limit (by `Content-Length`
    /// before reading, else while counting), so an oversized body is never held.
    private func collect(_ response: HTTPClientResponse, url: ServiceURL) async throws -> [UInt8] {
        let limit = options.maxBodyBytes
        let tooLarge = HTTPFailure(DataSourceError(kind: .tooLarge, message: "GET \(url): the body exceeds \(limit) bytes"))
        let declared = response.headers.first(name: "content-length").flatMap { Int($0) }
        if let declared, declared > limit { throw tooLarge }
        var bytes: [UInt8] = []
        if let declared { bytes.reserveCapacity(declared) }
        for try await chunk in response.body {
            guard bytes.count + chunk.readableBytes <= limit else { throw tooLarge }
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        if let declared, bytes.count != declared {
            throw HTTPFailure(DataSourceError(kind: .network, message: "GET \(url): the body ended after \(bytes.count) of \(declared) bytes"))
        }
        return bytes
    }

    private static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}

extension TimeAmount {
    package init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
