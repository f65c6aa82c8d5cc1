/// How a client sends LaunchDarkly's analytics events, in LaunchDarkly's words and with its
/// server SDKs' defaults.
struct LaunchDarklyEventsSettings: Sendable, Equatable {
    /// Where `/bulk` and `/diagnostic` are (LaunchDarkly's events service, a Relay Proxy, `burgee serve`).
    var eventsBaseURI = LaunchDarklyEventSender.defaultBaseURI
    /// Events held between flushes (`eventsCapacity`); more are dropped and counted.
    var capacity = 10_000
    /// How often events are delivered (`flushInterval`).
    var flushInterval: Duration = .seconds(5)
    /// Whether every attribute but `key`, `kind` and `anonymous` is left out of events.
    var allAttributesPrivate = false
    /// Attributes (names or `/`-paths) left out of every context in events.
    var privateAttributes: [String] = []
    /// Contexts remembered so as to send each one's index event once (`contextKeysCapacity`).
    var contextKeysCapacity = 1_000
    /// How often the remembered contexts are forgotten (`contextKeysFlushInterval`).
    var contextKeysFlushInterval: Duration = .seconds(300)
    /// Whether no diagnostic events are sent (`diagnosticOptOut`).
    var diagnosticOptOut = false
    /// How often a periodic diagnostic event is sent; at least a minute, as LaunchDarkly's SDKs clamp it.
    var diagnosticRecordingInterval: Duration = .seconds(900) {
        didSet { diagnosticRecordingInterval = max(diagnosticRecordingInterval, .seconds(60)) }
    }
}
