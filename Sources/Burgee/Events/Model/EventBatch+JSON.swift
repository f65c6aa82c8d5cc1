import BurgeeCore

extension EventBatch {
    /// The version of the batch schema (docs/events.md).
    package static let schemaVersion = 1

    /// The batch as the JSON body the HTTP sink posts (docs/events.md).
    package var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("schemaVersion"); writer.int(Self.schemaVersion)
        writer.key("events")
        writer.beginArray()
        // Context notices are for destinations that announce contexts, not part of the schema.
        for event in events {
            if case .contextNotice = event { continue }
            event.write(to: &writer)
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// Reads a batch from its JSON form.
    /// - Throws: `EventBatchFormatError` when the JSON is malformed or does not follow the schema.
    package init(jsonBytes: [UInt8], limits: JSONLimits = .default) throws(EventBatchFormatError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(jsonBytes) } catch { throw EventBatchFormatError("\(error)") }
        guard let root = json.objectValue else { throw EventBatchFormatError("a batch is an object") }
        guard root["schemaVersion"]?.int64Value == Int64(Self.schemaVersion) else {
            throw EventBatchFormatError("'schemaVersion' is not \(Self.schemaVersion)")
        }
        guard let events = root["events"]?.arrayValue else { throw EventBatchFormatError("'events' is not an array") }
        var read: [AnalyticsEvent] = []
        read.reserveCapacity(events.count)
        for (i, event) in events.enumerated() {
            do throws(EventBatchFormatError) { read.append(try AnalyticsEvent(json: event)) } catch {
                throw EventBatchFormatError("events[\(i)]: \(error.message)")
            }
        }
        self.init(events: read)
    }
}

/// A batch's JSON is not a valid batch.
package struct EventBatchFormatError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package let message: String

    init(_ message: String) { self.message = message }

    /// What is wrong.
    package var description: String { message }
}

extension AnalyticsEvent {
    /// The event's JSON object as text (docs/events.md).
    package var jsonText: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.output
    }

    /// Writes the event's JSON object (docs/events.md).
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("kind"); writer.string(kind)
        switch self {
        case .exposure(let e):
            writer.key("timestamp"); writer.int(Int(e.timestamp))
            writer.key("flagKey"); writer.string(e.flagKey)
            writer.key("flagVersion"); writer.int(Int(e.flagVersion))
            if let key = e.variationKey { writer.key("variationKey"); writer.string(key) }
            if let index = e.variationIndex { writer.key("variationIndex"); writer.int(index) }
            writer.key("reason"); e.reason.write(to: &writer)
            writer.key("context"); Self.write(e.contextKeys, to: &writer)
        case .custom(let e):
            writer.key("timestamp"); writer.int(Int(e.timestamp))
            writer.key("key"); writer.string(e.key)
            writer.key("context"); Self.write(e.contextKeys, to: &writer)
            if let value = e.value { writer.key("value"); writer.number(value) }
            if !e.properties.isEmpty { writer.key("properties"); writer.value(.object(e.properties)) }
        case .summary(let s):
            writer.key("startTimestamp"); writer.int(Int(s.startTimestamp))
            writer.key("endTimestamp"); writer.int(Int(s.endTimestamp))
            writer.key("flags")
            writer.beginObject()
            for (flag, counters) in s.flags.sorted(by: { $0.key < $1.key }) {
                writer.key(flag)
                writer.beginArray()
                for c in counters {
                    writer.beginObject()
                    if let version = c.version { writer.key("version"); writer.int(Int(version)) }
                    if let index = c.variationIndex { writer.key("variationIndex"); writer.int(index) }
                    if let key = c.variationKey { writer.key("variationKey"); writer.string(key) }
                    writer.key("count"); writer.int(c.count)
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        case .contextNotice(let e):
            writer.key("timestamp"); writer.int(Int(e.timestamp))
            writer.key("period"); writer.int(e.period)
            writer.key("context"); Self.write(e.contextKeys, to: &writer)
        }
        writer.endObject()
    }

    private static func write(_ keys: [String: String], to writer: inout JSONWriter) {
        writer.beginObject()
        for (kind, key) in keys.sorted(by: { $0.key < $1.key }) {
            writer.key(kind); writer.string(key)
        }
        writer.endObject()
    }

    /// Reads one event's JSON object.
    init(json: JSONValue) throws(EventBatchFormatError) {
        guard let o = json.objectValue else { throw EventBatchFormatError("an event is an object") }
        let fields = Fields(o)
        switch o["kind"]?.stringValue {
        case "exposure":
            self = .exposure(ExposureEvent(
                timestamp: try fields.int64("timestamp"), flagKey: try fields.string("flagKey"),
                flagVersion: try fields.int64("flagVersion"), variationKey: try fields.optionalString("variationKey"),
                variationIndex: try fields.optionalInt64("variationIndex").map { Int($0) },
                reason: try fields.reason("reason"), contextKeys: try fields.contextKeys("context")))
        case "custom":
            let value = o["value"]
            guard value == nil || value?.numberValue != nil else { throw EventBatchFormatError("'value' is not a number") }
            let properties = o["properties"]
            guard properties == nil || properties?.objectValue != nil else {
                throw EventBatchFormatError("'properties' is not an object")
            }
            self = .custom(CustomEvent(timestamp: try fields.int64("timestamp"), key: try fields.string("key"),
                                       contextKeys: try fields.contextKeys("context"), value: value?.numberValue,
                                       properties: properties?.objectValue ?? [:]))
        case "summary":
            guard let flags = o["flags"]?.objectValue else { throw EventBatchFormatError("'flags' is not an object") }
            var read: [String: [SummaryEvent.Counter]] = [:]
            for (flag, counters) in flags {
                guard let list = counters.arrayValue else { throw EventBatchFormatError("'flags.\(flag)' is not an array") }
                read[flag] = try list.map { (counter: JSONValue) throws(EventBatchFormatError) -> SummaryEvent.Counter in
                    guard let c = counter.objectValue else { throw EventBatchFormatError("a counter is an object") }
                    let f = Fields(c)
                    return SummaryEvent.Counter(version: try f.optionalInt64("version"),
                                                variationIndex: try f.optionalInt64("variationIndex").map { Int($0) },
                                                variationKey: try f.optionalString("variationKey"), count: Int(try f.int64("count")))
                }
            }
            self = .summary(SummaryEvent(startTimestamp: try fields.int64("startTimestamp"),
                                         endTimestamp: try fields.int64("endTimestamp"), flags: read))
        case "contextNotice":
            self = .contextNotice(ContextNoticeEvent(timestamp: try fields.int64("timestamp"),
                                                     period: Int(try fields.int64("period")),
                                                     contextKeys: try fields.contextKeys("context")))
        case let other:
            throw EventBatchFormatError("unknown event kind \(other.map { "'\($0)'" } ?? "(none)")")
        }
    }
}

/// Typed reads of an event object's members.
private struct Fields {
    let members: [String: JSONValue]

    init(_ members: [String: JSONValue]) { self.members = members }

    func string(_ name: String) throws(EventBatchFormatError) -> String {
        guard let s = members[name]?.stringValue else { throw EventBatchFormatError("'\(name)' is not a string") }
        return s
    }

    func optionalString(_ name: String) throws(EventBatchFormatError) -> String? {
        guard let v = members[name], !v.isNull else { return nil }
        return try string(name)
    }

    func int64(_ name: String) throws(EventBatchFormatError) -> Int64 {
        guard let n = members[name]?.int64Value else { throw EventBatchFormatError("'\(name)' is not an integer") }
        return n
    }

    func optionalInt64(_ name: String) throws(EventBatchFormatError) -> Int64? {
        guard let v = members[name], !v.isNull else { return nil }
        return try int64(name)
    }

    func contextKeys(_ name: String) throws(EventBatchFormatError) -> [String: String] {
        guard let o = members[name]?.objectValue else { throw EventBatchFormatError("'\(name)' is not an object") }
        var keys: [String: String] = [:]
        for (kind, key) in o {
            guard let key = key.stringValue else { throw EventBatchFormatError("'\(name).\(kind)' is not a string") }
            keys[kind] = key
        }
        return keys
    }

    func reason(_ name: String) throws(EventBatchFormatError) -> EvaluationReason {
        guard let o = members[name]?.objectValue else { throw EventBatchFormatError("'\(name)' is not an object") }
        guard let kind = o["kind"]?.stringValue.flatMap(EvaluationReason.Kind.init(rawValue:)) else {
            throw EventBatchFormatError("'\(name).kind' is not a reason kind")
        }
        let f = Fields(o)
        return EvaluationReason(kind: kind, ruleIndex: try f.optionalInt64("ruleIndex").map { Int($0) },
                                ruleId: try f.optionalString("ruleId"), prerequisiteKey: try f.optionalString("prerequisiteKey"),
                                inExperiment: o["inExperiment"]?.boolValue ?? false,
                                errorKind: try f.optionalString("errorKind").flatMap(EvaluationReason.ErrorKind.init(rawValue:)))
    }
}
