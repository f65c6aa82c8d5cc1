/// How a relay sends its clients' posts on: how many may wait, and how failures are retried.
public struct RelayForwarding: Sendable, Hashable {
    /// Whether posts are sent upstream at all; off keeps them on the relay only (`--no-forward`).
    public var isEnabled: Bool
    /// How many posts may wait; a post arriving beyond is dropped and counted.
    public var capacity: Int
    /// How many times a post is tried in all when the upstream fails (no answer, 408, 429, 5xx).
    public var maxAttempts: Int
    /// The wait before the second attempt; it doubles with each further one. A `Retry-After`
    /// longer than it is honoured, up to ``maxRetryAfter``.
    public var retryDelay: Duration
    /// The longest `Retry-After` honoured.
    public var maxRetryAfter: Duration
    /// How long a stopping relay keeps sending what waits before dropping the rest.
    public var drainTimeout: Duration

    /// Forwarding settings; the defaults keep 10,000 posts and try each three times, one then two
    /// seconds apart.
    public init(isEnabled: Bool = true, capacity: Int = 10_000, maxAttempts: Int = 3, retryDelay: Duration = .seconds(1),
                maxRetryAfter: Duration = .seconds(60), drainTimeout: Duration = .seconds(5)) {
        self.isEnabled = isEnabled
        self.capacity = capacity
        self.maxAttempts = maxAttempts
        self.retryDelay = retryDelay
        self.maxRetryAfter = maxRetryAfter
        self.drainTimeout = drainTimeout
    }

    /// Posts stay on the relay.
    public static let off = RelayForwarding(isEnabled: false)
}
