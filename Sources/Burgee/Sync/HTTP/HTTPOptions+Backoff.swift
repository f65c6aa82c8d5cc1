extension HTTPOptions {
    /// Exponential backoff with jitter between retries of a failing request or stream.
    ///
    /// The delay after the n-th consecutive failure is `min(maximum, initial × 2^(n−1))`, reduced by
    /// up to `jitter` of itself at random so that many clients do not retry in step.
    package struct Backoff: Sendable, Hashable {
        /// The delay after the first failure, before jitter.
        package var initial: Duration
        /// The longest delay, before jitter.
        package var maximum: Duration
        /// The fraction (0...1) of a delay that may be taken off at random.
        package var jitter: Double

        /// A backoff; the defaults are 1 s doubling up to 30 s, with half of each delay random.
        package init(initial: Duration = .seconds(1), maximum: Duration = .seconds(30), jitter: Double = 0.5) {
            self.initial = initial
            self.maximum = maximum
            self.jitter = jitter
        }

        /// The delay before jitter after `failures` consecutive failures (at least 1).
        package func ceiling(afterFailures failures: Int) -> Duration {
            let doublings = min(max(failures, 1) - 1, 62)
            var delay = initial
            for _ in 0..<doublings {
                delay *= 2
                if delay >= maximum { return maximum }
            }
            return min(delay, maximum)
        }

        /// The delay to wait after `failures` consecutive failures, jitter applied.
        package func delay(afterFailures failures: Int) -> Duration {
            var generator = SystemRandomNumberGenerator()
            return delay(afterFailures: failures, using: &generator)
        }

        /// The delay to wait after `failures` consecutive failures, with jitter from `generator`.
        package func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Duration {
            let ceiling = ceiling(afterFailures: failures)
            guard jitter > 0 else { return ceiling }
            return ceiling * (1 - min(jitter, 1) * Double.random(in: 0..<1, using: &generator))
        }

        /// Whether the values are usable: positive delays, `initial ≤ maximum`, jitter within 0...1.
        var isValid: Bool {
            initial > .zero && maximum >= initial && (0...1).contains(jitter)
        }
    }
}
