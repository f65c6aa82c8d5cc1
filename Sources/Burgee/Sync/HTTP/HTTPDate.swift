import BurgeeCore

/// HTTP dates (IMF-fixdate, RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`), as `Retry-After`
/// and `Date` carry them.
package enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The seconds since the Unix epoch `text` names; `nil` when it is not an IMF-fixdate.
    package static func unixSeconds(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", parts[1].count == 2, parts[3].count == 4,
              let month = months.firstIndex(of: String(parts[2])) else { return nil }
        let monthText = month < 9 ? "0\(month + 1)" : "\(month + 1)"
        return Timestamp(rfc3339: "\(parts[3])-\(monthText)-\(parts[1])T\(parts[4])Z")?.unixSeconds
    }
}
