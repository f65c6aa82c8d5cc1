/// How a client sends LaunchDarkly's analytics events (feature, index, custom and summary events
/// to `/bulk`, diagnostic events to `/diagnostic`), in LaunchDarkly's words and with its server
/// SDKs' defaults. On unless ``sendEvents`` is false, as LaunchDarkly's SDKs send them.
///
/// ```swift
/// let client = try BurgeeClient(configuration: .launchDarkly(
///     sdkKey: sdkKey, events: LaunchDarklyEvents(privateAttributes: ["email", "/address/street"])))
/// ```
public struct LaunchDarklyEvents: Sendable, Equatable {
    /// Whether events are sent at all (`sendEvents`).
    public var sendEvents: Bool
    /// Where `/bulk` and `/diagnostic` are: LaunchDarkly's events service, a Relay Proxy, `burgee serve`.
    public var eventsBaseURI: String
    /// Events held between flushes (`eventsCapacity`); more are dropped and counted.
    public var capacity: Int
    /// How often events are delivered (`flushInterval`).
    public var flushInterval: Duration
    /// Whether every attribute but `key`, `kind` and `anonymous` is left out of events.
    public var allAttributesPrivate: Bool
    /// Attributes (names, or `/`-paths into objects) left out of every context in events.
    public var privateAttributes: [String]
    /// Contexts remembered so as to send each one's index event once (`contextKeysCapacity`).
    public var contextKeysCapacity: Int
    /// How often the remembered contexts are forgotten (`contextKeysFlushInterval`).
    public var contextKeysFlushInterval: Duration
    /// Whether no diagnostic events are sent (`diagnosticOptOut`).
    public var diagnosticOptOut: Bool
    /// How often a periodic diagnostic event is sent; at least a minute, as LaunchDarkly's SDKs clamp it.
    public var diagnosticRecordingInterval: Duration {
        didSet { diagnosticRecordingInterval = max(diagnosticRecordingInterval, .seconds(60)) }
    }

    /// Settings; the defaults are LaunchDarkly's SDKs'.
    public init(sendEvents: Bool = true, eventsBaseURI: String = "https://events.launchdarkly.com", capacity: Int = 10_000,
                flushInterval: Duration = .seconds(5), allAttributesPrivate: Bool = false, privateAttributes: [String] = [],
                contextKeysCapacity: Int = 1_000, contextKeysFlushInterval: Duration = .seconds(300),
                diagnosticOptOut: Bool = false, diagnosticRecordingInterval: Duration = .seconds(900)) {
        self.sendEvents = sendEvents
        self.eventsBaseURI = eventsBaseURI
        self.capacity = capacity
        self.flushInterval = flushInterval
        self.allAttributesPrivate = allAttributesPrivate
        self.privateAttributes = privateAttributes
        self.contextKeysCapacity = contextKeysCapacity
        self.contextKeysFlushInterval = contextKeysFlushInterval
        self.diagnosticOptOut = diagnosticOptOut
        self.diagnosticRecordingInterval = max(diagnosticRecordingInterval, .seconds(60))
    }
}
