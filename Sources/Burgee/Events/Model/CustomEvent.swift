import BurgeeCore

/// An event the application reports with ``BurgeeClient/track(_:context:value:properties:)``: a
/// conversion, a goal reached, a metric.
public struct CustomEvent: Sendable, Hashable {
    /// When it was tracked, in milliseconds since the Unix epoch.
    public var timestamp: Int64
    /// The event's key (`^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$`).
    public var key: String
    /// The context's keys by kind; never its attributes.
    public var contextKeys: [String: String]
    /// A numeric value (revenue, duration…), if any.
    public var value: Double?
    /// Further data.
    public var properties: [String: JSONValue]

    /// A custom event.
    public init(timestamp: Int64, key: String, contextKeys: [String: String], value: Double? = nil,
                properties: [String: JSONValue] = [:]) {
        self.timestamp = timestamp
        self.key = key
        self.contextKeys = contextKeys
        self.value = value
        self.properties = properties
    }
}
