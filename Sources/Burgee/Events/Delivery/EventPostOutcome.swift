#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AsyncHTTPClient
import NIOHTTP1

/// What one POST of a batch brought, and whether the one retry may help.
enum EventPostOutcome {
    /// A 2xx answer.
    case delivered
    /// A network failure or an answer the policy retries (5xx and 429 by default), with the wait
    /// the service asked for (`Retry-After` on 429 and 503, when the policy honours it).
    case retryable(EventDeliveryError, retryAfter: Duration?)
    /// Any other answer (4xx, 3xx since redirects are not followed), or a client that was shut down:
    /// sending the same batch again would not change it.
    case final(EventDeliveryError)

    /// The outcome of an answer with `status` under `policy`; `message` is already redacted.
    static func answer(_ status: HTTPResponseStatus, headers: HTTPHeaders, message: String,
                       policy: EventRetryPolicy = .serverErrors,
                       nowUnixSeconds: Int64 = Int64(Date().timeIntervalSince1970)) -> EventPostOutcome {
        let code = Int(status.code)
        let error = EventDeliveryError(kind: .httpStatus, statusCode: code, message: message)
        if (200..<300).contains(code) { return .delivered }
        guard policy.retries(code) else { return .final(error) }
        guard policy.honoursRetryAfter, code == 429 || code == 503 else { return .retryable(error, retryAfter: nil) }
        return .retryable(error, retryAfter: RetryAfter.delay(headers.first(name: "retry-after"), nowUnixSeconds: nowUnixSeconds))
    }

    /// The outcome of a request that threw; `redact` keeps the key out of the message.
    static func thrown(_ error: any Error, what request: String, redact: Redactor) -> EventPostOutcome {
        let cause: String
        switch error {
        case let e as HTTPClientError where e == .alreadyShutdown:
            return .final(EventDeliveryError(kind: .network, message: redact("\(request): the sink was shut down")))
        case let e as HTTPClientError where e == .readTimeout: cause = "no data within the read timeout"
        case let e as HTTPClientError where e == .deadlineExceeded: cause = "no answer within the request timeout"
        case let e as HTTPClientError where e == .remoteConnectionClosed: cause = "the server closed the connection"
        default: cause = String(describing: error)
        }
        return .retryable(EventDeliveryError(kind: .network, message: redact("\(request): \(cause)")), retryAfter: nil)
    }
}
