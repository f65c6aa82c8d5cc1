/// Which answers of an event service the HTTP sink retries, once: a service's own rule, since
/// vendors differ (LaunchDarkly's SDKs retry a 400 and a 408 too, and ignore `Retry-After`).
/// A network failure is always retried.
package struct EventRetryPolicy: Sendable {
    /// Whether an answer with this status is retried.
    package let retries: @Sendable (Int) -> Bool
    /// Whether a `Retry-After` on 429 and 503 lengthens the wait before the retry.
    package let honoursRetryAfter: Bool

    /// A policy.
    package init(honoursRetryAfter: Bool, retries: @escaping @Sendable (Int) -> Bool) {
        self.retries = retries
        self.honoursRetryAfter = honoursRetryAfter
    }

    /// 5xx and 429, honouring `Retry-After`: Burgee's event service and most others.
    package static let serverErrors = EventRetryPolicy(honoursRetryAfter: true) { $0 == 429 || (500..<600).contains($0) }
}
