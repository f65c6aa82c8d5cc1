/// A batch the `HTTPEventSink` could not deliver: the service's status, or the network failure.
///
/// The description names the endpoint and what went wrong, never the SDK key.
package struct EventDeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The service answered with a status other than 2xx.
        case httpStatus
        /// No answer: the connection failed, was dropped, or timed out.
        case network
    }

    /// The kind.
    package var kind: Kind
    /// The status of the last answer, for ``Kind/httpStatus``.
    package var statusCode: Int?
    /// How many tries were made: 1 when the failure was final at once, 2 after the retry. A resend
    /// without gzip after a 415 is part of the same try.
    package var attempts: Int
    /// What went wrong, for people (never holds the SDK key).
    package var message: String

    /// An error.
    package init(kind: Kind, statusCode: Int? = nil, attempts: Int = 1, message: String) {
        self.kind = kind
        self.statusCode = statusCode
        self.attempts = attempts
        self.message = message
    }

    /// `kind: message (n attempts)`.
    package var description: String {
        "\(kind.rawValue): \(message) (\(attempts) \(attempts == 1 ? "attempt" : "attempts"))"
    }
}
