import BurgeeCore

/// An event the application reports with ``BurgeeClient/track(_:context:value:properties:)``: a
/// conversion, a goal reached, a metric.
package struct CustomEvent: Sendable, Hashable {
    /// When it was tracked, in milliseconds since the Unix epoch.
    package var timestamp: Int64
    /// The event's key (`^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$`).
    package var key: String
    /// The context's keys by kind; never its attributes.
    package var contextKeys: [String: String]
    /// A numeric value (revenue, duration…), if any.
    package var value: Double?
    /// Further data.
    package var properties: [String: JSONValue]
    /// Data of any JSON type, for a destination that sends it as given (LaunchDarkly's `track`
    /// data); `nil` when none was given. Not part of the batch JSON.
    package var data: JSONValue?

    /// A custom event.
    package init(timestamp: Int64, key: String, contextKeys: [String: String], value: Double? = nil,
                properties: [String: JSONValue] = [:], data: JSONValue? = nil) {
        self.data = data
        self.timestamp = timestamp
        self.key = key
        self.contextKeys = contextKeys
        self.value = value
        self.properties = properties
    }
}
