/// What Datadog's `get…Details` calls return: the value with the variant, reason, error and
/// allocation that produced it.
public struct DatadogFlagDetails<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The flag's key.
    public var key: String
    /// The served value, or the caller's default (no allocation matched, the flag is disabled,
    /// or the evaluation failed).
    public var value: Value
    /// The served variation's key; `nil` when the default was returned.
    public var variant: String?
    /// Datadog's reason: `STATIC`, `SPLIT`, `TARGETING_MATCH`, `DEFAULT`, `DISABLED` or `ERROR`.
    public var reason: String
    /// Why the evaluation failed, when `reason` is `ERROR`.
    public var error: DatadogFlagError?
    /// The key of the allocation that served the variation.
    public var allocationKey: String?
}

/// Why a Datadog evaluation returned the default with reason `ERROR`: OpenFeature's error codes,
/// as Datadog's provider reports them.
public enum DatadogFlagError: String, Sendable, Hashable, CaseIterable {
    /// No configuration yet.
    case providerNotReady = "PROVIDER_NOT_READY"
    /// The configuration has no such flag.
    case flagNotFound = "FLAG_NOT_FOUND"
    /// The flag's variation type is not the type asked for.
    case typeMismatch = "TYPE_MISMATCH"
    /// The flag's configuration cannot be read.
    case parseError = "PARSE_ERROR"
    /// A split hashes the targeting key and the context has none.
    case targetingKeyMissing = "TARGETING_KEY_MISSING"
    /// The context cannot be evaluated (an attribute is a list or an object).
    case invalidContext = "INVALID_CONTEXT"
    /// Any other failure.
    case general = "GENERAL"

    /// OpenFeature's error code.
    public var code: String { rawValue }
}
