/// The error codes OFREP answers carry (OpenFeature's error codes that the protocol lists).
enum OFREPErrorCode: String, Sendable {
    /// The request body, or the flag's definition, could not be read.
    case parseError = "PARSE_ERROR"
    /// The context has no `targetingKey`.
    case targetingKeyMissing = "TARGETING_KEY_MISSING"
    /// The context cannot be evaluated.
    case invalidContext = "INVALID_CONTEXT"
    /// No flag has the key (single evaluation only, answered 404).
    case flagNotFound = "FLAG_NOT_FOUND"
    /// Anything else.
    case general = "GENERAL"
}

/// A failure of a whole OFREP request, before any flag is evaluated.
struct OFREPFailure: Error, Sendable {
    var code: OFREPErrorCode
    var details: String
}
