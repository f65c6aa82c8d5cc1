import BurgeeCore

/// A tracking post a Kameleoon SDK sent to a server in Kameleoon mode (`POST /visit/events`), as
/// received: one event per line of the body, each line a URL query string such as
/// `nonce=ab12&eventType=experiment&id=4002&variationId=4008&visitorCode=v1`.
public struct KameleoonTrackingPost: Sendable, Hashable {
    /// The request's query parameters (`sdkName`, `sdkVersion`, `siteCode`, `bodyUa`, …), decoded.
    public let query: [String: String]
    /// The events in body order, each its parameters by name, decoded.
    public let events: [[String: String]]
    /// The body's size as received, before decoding.
    public let receivedBytes: Int

    /// A post as received.
    public init(query: [String: String], events: [[String: String]], receivedBytes: Int) {
        self.query = query
        self.events = events
        self.receivedBytes = receivedBytes
    }

    /// Where Kameleoon's SDKs post tracking.
    public static let path = "/visit/events"

    /// How many events the post carries, by `eventType`.
    var eventTypeCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for event in events { counts[event["eventType"] ?? "", default: 0] += 1 }
        return counts
    }

    /// How many events the post carries, by visitor (`visitorCode`, or `mappingValue` for an event
    /// sent under a unique identifier).
    var visitorCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for event in events { counts[Self.visitor(of: event) ?? "", default: 0] += 1 }
        return counts
    }

    /// The visitor an event is about: its `visitorCode`, or its `mappingValue`; `nil` when it names none.
    static func visitor(of event: [String: String]) -> String? {
        if let code = event["visitorCode"], !code.isEmpty { return code }
        if let value = event["mappingValue"], !value.isEmpty { return value }
        return nil
    }

    /// `{"path": "/visit/events", "query": {…}, "events": [{…}, …]}` as `GET /events` lists it.
    var listed: JSONValue {
        ["path": .string(Self.path), "query": .object(query.mapValues(JSONValue.string)),
         "events": .array(events.map { .object($0.mapValues(JSONValue.string)) })]
    }
}
