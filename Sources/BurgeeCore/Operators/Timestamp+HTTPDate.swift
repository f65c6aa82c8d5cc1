extension Timestamp {
    private static let httpWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let httpMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The HTTP date of a Unix second (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`),
    /// as `Last-Modified` and a cookie's `expires` write it. Hand-written: no `DateFormatter`,
    /// which is neither `Sendable` nor free of locale settings.
    package static func httpDate(unixSeconds: Int64) -> String {
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let secondOfDay = unixSeconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        // 1970-01-01 was a Thursday.
        let weekday = Int(((days % 7) + 7 + 4) % 7)
        func twoDigits(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(httpWeekdays[weekday]), \(twoDigits(Int64(day))) \(httpMonths[month - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }
}
