import ArgumentParser
import BurgeeCore

/// The `--now` option: fixes the evaluation clock.
struct ClockOptions: ParsableArguments {
    @Option(name: .long, help: """
        Fix the evaluation clock to this RFC 3339 instant (e.g. 2024-05-01T12:00:00Z): Unleash \
        DATE_AFTER/DATE_BEFORE constraints compare it when a context has no currentTime.
        """)
    var now: String?

    /// The instant, `nil` for the system clock.
    func instant() throws -> Timestamp? {
        guard let now else { return nil }
        guard let instant = Timestamp(rfc3339: now) else {
            throw ValidationError("--now must be an RFC 3339 date-time such as 2024-05-01T12:00:00Z; got '\(now)'")
        }
        return instant
    }
}
