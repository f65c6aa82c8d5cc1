import Burgee
import BurgeeTesting

/// Advances `clock` by `step` each time more than `idle` sleeps wait on it (the loops that do not
/// take part, a metrics loop an interval of a day away), until `condition` holds: time passes
/// only while something waits for it, as it would for a client left running.
/// - Returns: whether `condition` held within `limit`, a bound of the system's clock against a
///   test that would hang.
package func drive(_ clock: ManualClock, by step: Duration, beyond idle: Int = 1, within limit: Duration = .seconds(30),
                   until condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        do {
            try await clock.sleepers(atLeast: idle + 1, within: .milliseconds(100))
        } catch is ManualClock.SleepersTimedOut {
            // Nothing waits for time: what runs is waiting for something else (an answer).
            continue
        }
        if !condition() { clock.advance(by: step) }
    }
    return true
}

extension BurgeeClient.Configuration {
    /// This configuration on `clock`, its metrics loop an interval of a day away, so that it sleeps
    /// through a test.
    package func on(_ clock: ManualClock) -> Self {
        var configuration = self
        configuration.clock = clock
        configuration.metricsInterval = .seconds(86_400)
        return configuration
    }
}
