import BurgeeCore

/// HTTP dates (RFC 9110 §5.6.7, formerly RFC 7231 §7.1.1.1): written as IMF-fixdate, read in the
/// three forms a recipient must accept. Hand-written so that no `DateFormatter` (neither
/// `Sendable` nor free of locale settings) sits on a request's path.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for a Unix second.
    static func format(unixSeconds: Int64) -> String {
        Timestamp.httpDate(unixSeconds: unixSeconds)
    }

    /// The Unix second of an HTTP date: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`, a two-digit year taken as the latest past year with those
    /// digits no more than 50 years ahead of `currentYear`, by default this year) or asctime
    /// (`Sun Nov  6 08:49:37 1994`); `nil` for anything else, which a recipient ignores.
    static func parse(_ text: String, currentYear: Int? = nil) -> Int64? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if fields.count == 6, fields[5] == "GMT", fields[0].hasSuffix(","), weekdays.contains(String(fields[0].dropLast())) {
            // IMF-fixdate.
            guard fields[1].count == 2, let day = Int(fields[1]), let month = monthNumber(fields[2]),
                  fields[3].count == 4, let year = Int(fields[3]) else { return nil }
            return unixSeconds(year: year, month: month, day: day, time: fields[4])
        }
        if fields.count == 4, fields[3] == "GMT", fields[0].hasSuffix(","), longWeekdays.contains(String(fields[0].dropLast())) {
            // RFC 850.
            let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts[0].count == 2, let day = Int(parts[0]), let month = monthNumber(parts[1]),
                  parts[2].count == 2, let shortYear = Int(parts[2]) else { return nil }
            let thisYear = currentYear ?? Int(Timestamp.civil(fromDays: floorDivision(ContentModification.nowMilliseconds() / 1000, 86_400)).year)
            var year = thisYear - thisYear % 100 + shortYear
            if year > thisYear + 50 { year -= 100 }
            return unixSeconds(year: year, month: month, day: day, time: fields[2])
        }
        if fields.count == 5, weekdays.contains(fields[0]) {
            // asctime.
            guard let month = monthNumber(fields[1]), (1...2).contains(fields[2].count), let day = Int(fields[2]),
                  fields[4].count == 4, let year = Int(fields[4]) else { return nil }
            return unixSeconds(year: year, month: month, day: day, time: fields[3])
        }
        return nil
    }

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name).map { $0 + 1 }
    }

    private static func unixSeconds(year: Int, month: Int, day: Int, time: String) -> Int64? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(parts[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...31).contains(day), day <= Timestamp.daysInMonth(month, year: year) else { return nil }
        return Timestamp.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - b + 1) / b
    }

    private static func twoDigits(_ n: Int) -> String {
        n < 10 ? "0\(n)" : "\(n)"
    }
}
