/// The result of a flagd evaluation as OpenFeature's flagd providers report it: value, variant,
/// reason, error code and flag metadata.
///
/// | Outcome | `reason` | `errorCode` |
/// |---|---|---|
/// | flag `DISABLED` | `DISABLED` (no value) | — |
/// | no targeting, a default variant | `STATIC` | — |
/// | targeting named a variant | `TARGETING_MATCH` | — |
/// | targeting gave `null`, or no default variant | `DEFAULT` | — |
/// | targeting named no variant, or failed | `ERROR` | `GENERAL` |
/// | no such flag | `ERROR` | `FLAG_NOT_FOUND` |
/// | the flag cannot be read | `ERROR` | `PARSE_ERROR` |
/// | the value is not of the requested type | `ERROR` | `TYPE_MISMATCH` |
public struct FlagdEvaluation: Sendable, Equatable {
    /// The variant's value; `nil` when the caller's default applies.
    public var value: JSONValue?
    /// The variant's name; `nil` when none was served.
    public var variant: String?
    /// OpenFeature's reason.
    public var reason: String
    /// OpenFeature's error code for `ERROR`, else `nil`.
    public var errorCode: String?
    /// The flag's metadata over its document's; empty for an unknown flag.
    public var flagMetadata: [String: JSONValue]

    /// A result.
    public init(value: JSONValue?, variant: String?, reason: String, errorCode: String?, flagMetadata: [String: JSONValue]) {
        self.value = value
        self.variant = variant
        self.reason = reason
        self.errorCode = errorCode
        self.flagMetadata = flagMetadata
    }

    /// The JSON shape: `{"value"?, "variant", "reason", "errorCode", "flagMetadata"}`, `value`
    /// absent (not `null`) when the caller's default applies.
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "variant": variant.map(JSONValue.string) ?? .null,
            "reason": .string(reason),
            "errorCode": errorCode.map(JSONValue.string) ?? .null,
            "flagMetadata": .object(flagMetadata),
        ]
        if let value { o["value"] = value }
        return .object(o)
    }
}
