/// How long a ``RedisClient`` waits before connecting again after failed attempts: the delay
/// doubles from ``initial`` with each failure in a row, up to ``maximum``.
///
/// Within the delay, commands fail at once with the last connection error instead of each trying
/// to connect: a Redis that is down costs its callers nothing but the error.
public struct RedisBackoff: Sendable, Hashable {
    /// The delay after the first failure.
    public var initial: Duration
    /// The longest delay.
    public var maximum: Duration

    /// A backoff; by default 100 milliseconds doubling to 10 seconds.
    public init(initial: Duration = .milliseconds(100), maximum: Duration = .seconds(10)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay after `failures` failed attempts in a row (at least one).
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = initial
        var doubled = 1
        while doubled < failures, delay < maximum {
            delay *= 2
            doubled += 1
        }
        return min(delay, maximum)
    }
}
