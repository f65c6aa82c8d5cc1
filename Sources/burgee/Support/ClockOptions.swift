import ArgumentParser
import BurgeeCore

/// The `--now` option: fixes the evaluation clock.
struct ClockOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("""
        Fix the evaluation clock to this RFC 3339 instant (e.g. 2024-05-01T12:00:00Z) or number of \
        Unix milliseconds, instead of the system clock: \(FormatHelp.clock).
        """))
    var now: String?

    /// The instant, `nil` for the format's default clock.
    func instant() throws -> Timestamp? {
        guard let now else { return nil }
        if let instant = Timestamp(rfc3339: now) { return instant }
        if !now.isEmpty, now.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: "-") }),
           let ms = Double(now), let instant = Timestamp(unixMilliseconds: ms) {
            return instant
        }
        throw ValidationError("--now must be an RFC 3339 date-time such as 2024-05-01T12:00:00Z or Unix milliseconds; got '\(now)'")
    }
}
