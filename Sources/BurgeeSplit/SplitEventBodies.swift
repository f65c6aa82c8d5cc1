import Burgee
import BurgeeCore

/// The bodies of Split's event API, as Split's SDKs post them.
enum SplitEventBodies {
    /// `POST /testImpressions/bulk`: `[{"f": flag, "i": [{"k","t","m","c","r","b","pt"}, …]}, …]`,
    /// flags in name order, each flag's impressions in the order they were recorded.
    static func impressions(_ impressions: [SplitImpression]) -> [UInt8] {
        var byFlag: [String: [SplitImpression]] = [:]
        for impression in impressions { byFlag[impression.flag, default: []].append(impression) }
        var writer = JSONWriter()
        writer.beginArray()
        for flag in byFlag.keys.sorted() {
            writer.beginObject()
            writer.key("f"); writer.string(flag)
            writer.key("i")
            writer.beginArray()
            for impression in byFlag[flag]! {
                writer.beginObject()
                writer.key("k"); writer.string(impression.key)
                writer.key("t"); writer.string(impression.treatment)
                writer.key("m"); writer.int(Int(impression.time))
                writer.key("c"); writer.int(Int(impression.changeNumber))
                writer.key("r"); optional(impression.label, &writer)
                writer.key("b"); optional(impression.bucketingKey, &writer)
                writer.key("pt")
                if let previous = impression.previousTime { writer.int(Int(previous)) } else { writer.null() }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    /// `POST /testImpressions/count`: `{"pf": [{"f": flag, "m": hour, "rc": count}, …]}`.
    static func counts(_ counts: [SplitImpressionTally.HourlyCount: Int]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("pf")
        writer.beginArray()
        for (key, count) in counts.sorted(by: { ($0.key.flag, $0.key.hour) < ($1.key.flag, $1.key.hour) }) {
            writer.beginObject()
            writer.key("f"); writer.string(key.flag)
            writer.key("m"); writer.int(Int(key.hour))
            writer.key("rc"); writer.int(count)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// `POST /v1/keys/ss`: `{"keys": [{"f": flag, "ks": [key, …]}, …]}`.
    static func uniqueKeys(_ keys: [String: Set<String>]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("keys")
        writer.beginArray()
        for flag in keys.keys.sorted() { uniqueKeys(of: flag, keys[flag]!, into: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// One flag's unique keys, `{"f": flag, "ks": [key, …]}`, keys sorted: an entry of
    /// `/v1/keys/ss`, and what Split's SDKs in consumer mode push to `SPLITIO.uniquekeys`.
    static func uniqueKeys(of flag: String, _ keys: Set<String>, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("f"); writer.string(flag)
        writer.key("ks")
        writer.beginArray()
        for key in keys.sorted() { writer.string(key) }
        writer.endArray()
        writer.endObject()
    }

    /// `POST /events/bulk`: `[{"key","trafficTypeName","eventTypeId","value","timestamp","properties"}, …]`.
    static func events(_ events: [SplitEvent]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginArray()
        for event in events {
            writer.beginObject()
            writer.key("key"); writer.string(event.key)
            writer.key("trafficTypeName"); writer.string(event.trafficType)
            writer.key("eventTypeId"); writer.string(event.eventType)
            writer.key("value")
            if let value = event.value { writer.number(value) } else { writer.null() }
            writer.key("timestamp"); writer.int(Int(event.timestamp))
            writer.key("properties")
            if let properties = event.properties { writer.value(.object(properties)) } else { writer.null() }
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    private static func optional(_ text: String?, _ writer: inout JSONWriter) {
        if let text { writer.string(text) } else { writer.null() }
    }
}

/// A custom event as Split's `/events/bulk` takes it.
struct SplitEvent {
    var key: String
    var trafficType: String
    var eventType: String
    var value: Double?
    var timestamp: Int64
    /// `nil` when the call gave none.
    var properties: [String: JSONValue]?
}
