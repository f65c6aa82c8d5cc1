import BurgeeCore

/// Reads a `Retry-After` header: delta-seconds, or an HTTP date (IMF-fixdate, RFC 9110 §5.6.7).
enum RetryAfter {
    /// The delay the header asks for, measured from `nowUnixSeconds`; `nil` when it is absent or
    /// unreadable. A date in the past means no delay.
    static func delay(_ value: String?, nowUnixSeconds: Int64) -> Duration? {
        guard let value, !value.isEmpty else { return nil }
        let trimmed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Int64(trimmed).map { .seconds($0) }
        }
        guard let date = HTTPDate.unixSeconds(trimmed) else { return nil }
        return .seconds(max(0, date - nowUnixSeconds))
    }
}
