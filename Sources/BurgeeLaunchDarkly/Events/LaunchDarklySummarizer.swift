import Burgee
import BurgeeCore

/// LaunchDarkly's summary event, as go-server-sdk's `ldevents` writes it, made from the client's
/// summary (``init(_:)``): per flag, the default of its first evaluation, the kinds of contexts
/// evaluated, and a counter per (variation, version) with the value it served.
struct LaunchDarklySummarizer: Sendable {
    struct CounterKey: Hashable, Sendable {
        var variation: Int?
        var version: Int64?
    }

    struct Counter: Sendable {
        var key: CounterKey
        var value: JSONValue
        var count: Int
    }

    struct Flag: Sendable {
        var defaultValue: JSONValue
        var contextKinds: [String] = []
        var counters: [Counter] = []
    }

    private(set) var flags: [(key: String, flag: Flag)] = []
    private(set) var startDate: Int64 = 0
    private(set) var endDate: Int64 = 0

    /// Whether anything was counted.
    var isEmpty: Bool { flags.isEmpty }

    /// The summary of the client's `summary`, its counters and each flag's details (flags by key,
    /// counters by version then variation).
    init(_ summary: SummaryEvent) {
        for (key, counters) in summary.flags.sorted(by: { $0.key < $1.key }) {
            let details = summary.details[key]
            var flag = Flag(defaultValue: details?.defaultValue ?? .null, contextKinds: details?.contextKinds ?? [])
            for counter in counters {
                flag.counters.append(Counter(key: CounterKey(variation: counter.variationIndex, version: counter.version), value: counter.value ?? details?.defaultValue ?? .null,
                                             count: counter.count))
            }
            flags.append((key, flag))
        }
        startDate = summary.startTimestamp
        endDate = summary.endTimestamp
    }

    /// Writes the summary event: `kind`, `startDate`, `endDate`, `features` (per flag `default`,
    /// `counters` — `variation` when one was served, `version` or `"unknown": true`, `value`,
    /// `count` — and `contextKinds`).
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.string("summary")
        writer.key("startDate")
        writer.number(Double(startDate))
        writer.key("endDate")
        writer.number(Double(endDate))
        writer.key("features")
        writer.beginObject()
        for (key, flag) in flags {
            writer.key(key)
            writer.beginObject()
            writer.key("default")
            writer.value(flag.defaultValue)
            writer.key("counters")
            writer.beginArray()
            for counter in flag.counters {
                writer.beginObject()
                if let variation = counter.key.variation {
                    writer.key("variation")
                    writer.int(variation)
                }
                if let version = counter.key.version {
                    writer.key("version")
                    writer.number(Double(version))
                } else {
                    writer.key("unknown")
                    writer.bool(true)
                }
                writer.key("value")
                writer.value(counter.value)
                writer.key("count")
                writer.int(counter.count)
                writer.endObject()
            }
            writer.endArray()
            writer.key("contextKinds")
            writer.beginArray()
            for kind in flag.contextKinds { writer.string(kind) }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject()
        writer.endObject()
    }
}
