import BurgeeCore

/// One POST to `/bulk`: the events in the order recorded, then the summary.
struct LaunchDarklyEventPayload: Sendable {
    /// An event of the payload; a feature event may be its debug copy (`kind: "debug"`).
    enum Event: Sendable {
        case index(Context, creationDate: Int64)
        case feature(LaunchDarklyEvaluationRecord, debug: Bool)
        case custom(LaunchDarklyCustomRecord)
    }

    var events: [Event]
    var summary: LaunchDarklySummarizer?

    /// How many events, the summary included (`eventsInLastBatch` of diagnostics).
    var count: Int { events.count + (summary == nil ? 0 : 1) }

    /// The body: a JSON array of LaunchDarkly's events (schema 4), contexts written by `formatter`.
    func json(_ formatter: LaunchDarklyContextFormatter) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginArray()
        for event in events {
            switch event {
            case .index(let context, let creationDate):
                writer.beginObject()
                Self.begin("index", creationDate, &writer)
                writer.key("context")
                formatter.write(context, redactAnonymous: false, to: &writer)
                writer.endObject()
            case .feature(let evaluation, let debug):
                Self.write(evaluation, debug: debug, formatter, &writer)
            case .custom(let custom):
                writer.beginObject()
                Self.begin("custom", custom.creationDate, &writer)
                writer.key("key")
                writer.string(custom.key)
                if !custom.data.isNull {
                    writer.key("data")
                    writer.value(custom.data)
                }
                writer.key("contextKeys")
                Self.writeKeys(custom.context, &writer)
                if let metricValue = custom.metricValue {
                    writer.key("metricValue")
                    writer.number(metricValue)
                }
                writer.endObject()
            }
        }
        summary?.write(to: &writer)
        writer.endArray()
        return writer.bytes
    }

    private static func begin(_ kind: String, _ creationDate: Int64, _ writer: inout JSONWriter) {
        writer.key("kind")
        writer.string(kind)
        writer.key("creationDate")
        writer.number(Double(creationDate))
    }

    /// A feature (or debug) event: `kind`, `creationDate`, `key`, `version`, `context`,
    /// `variation`, `value`, `default`, `prereqOf`, `reason`, `samplingRatio` (unless 1), absent members left out. A feature
    /// event's anonymous contexts have all their attributes redacted; a debug event's do not.
    private static func write(_ e: LaunchDarklyEvaluationRecord, debug: Bool, _ formatter: LaunchDarklyContextFormatter,
                              _ writer: inout JSONWriter) {
        writer.beginObject()
        begin(debug ? "debug" : "feature", e.creationDate, &writer)
        writer.key("key")
        writer.string(e.key)
        if let version = e.version {
            writer.key("version")
            writer.number(Double(version))
        }
        writer.key("context")
        formatter.write(e.context, redactAnonymous: !debug, to: &writer)
        if let variation = e.variation {
            writer.key("variation")
            writer.int(variation)
        }
        writer.key("value")
        writer.value(e.value)
        writer.key("default")
        writer.value(e.defaultValue)
        if let prereqOf = e.prereqOf {
            writer.key("prereqOf")
            writer.string(prereqOf)
        }
        if let reason = e.reason {
            writer.key("reason")
            reason.write(to: &writer)
        }
        if let ratio = e.samplingRatio, ratio != 1 {
            writer.key("samplingRatio")
            writer.number(Double(ratio))
        }
        writer.endObject()
    }

    /// `{kind: key}` of each part of `context`, by kind.
    private static func writeKeys(_ context: Context, _ writer: inout JSONWriter) {
        writer.beginObject()
        for single in context.contexts.sorted(by: { $0.kind < $1.kind }) {
            writer.key(single.kind)
            writer.string(single.key)
        }
        writer.endObject()
    }
}
