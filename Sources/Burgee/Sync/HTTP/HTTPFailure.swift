import NIOHTTP1

/// A failed request to a definitions service, and what the source should do about it.
package struct HTTPFailure: Error {
    /// The failure as the status reports it.
    package var error: DataSourceError
    /// How long the server asked the client to wait (`Retry-After` on 429 and 503).
    package var retryAfter: Duration?
    /// The key was refused (401, 403): the source stops rather than retrying.
    package var isUnauthorized: Bool { error.kind == .unauthorized }

    package init(_ error: DataSourceError, retryAfter: Duration? = nil) {
        self.error = error
        self.retryAfter = retryAfter
    }

    /// The failure an unexpected status code stands for.
    package static func status(_ status: HTTPResponseStatus, headers: HTTPHeaders, url: ServiceURL,
                       nowUnixSeconds: Int64) -> HTTPFailure {
        let code = Int(status.code)
        switch code {
        case 401, 403:
            return HTTPFailure(DataSourceError(kind: .unauthorized, message: "GET \(url) was refused with \(code); check the SDK key",
                                               statusCode: code))
        case 429, 503:
            let retryAfter = RetryAfter.delay(headers.first(name: "retry-after"), nowUnixSeconds: nowUnixSeconds)
            return HTTPFailure(DataSourceError(kind: .httpStatus, message: "GET \(url) answered \(code)", statusCode: code),
                               retryAfter: retryAfter)
        default:
            return HTTPFailure(DataSourceError(kind: .httpStatus, message: "GET \(url) answered \(code)", statusCode: code))
        }
    }
}
