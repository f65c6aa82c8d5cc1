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
        guard let date = imfFixdate(trimmed) else { return nil }
        return .seconds(max(0, date.unixSeconds - nowUnixSeconds))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, read through its RFC 3339 equivalent.
    private static func imfFixdate(_ text: String) -> Timestamp? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", parts[1].count == 2, parts[3].count == 4,
              let month = months.firstIndex(of: String(parts[2])) else { return nil }
        let monthText = month < 9 ? "0\(month + 1)" : "\(month + 1)"
        return Timestamp(rfc3339: "\(parts[3])-\(monthText)-\(parts[1])T\(parts[4])Z")
    }
}
