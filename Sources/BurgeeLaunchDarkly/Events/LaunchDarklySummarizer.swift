import Burgee
import BurgeeCore

/// The counts of a summary event, as go-server-sdk's `ldevents` keeps them: per flag, the
/// default of its first evaluation, the kinds of contexts evaluated, and a counter per
/// (variation, version) holding the value of its first evaluation; the earliest and latest
/// evaluation times. Output in the order flags and counters were first seen.
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
        var counterIndex: [CounterKey: Int] = [:]
    }

    private(set) var flags: [(key: String, flag: Flag)] = []
    private var flagIndex: [String: Int] = [:]
    private(set) var startDate: Int64 = 0
    private(set) var endDate: Int64 = 0

    /// Whether anything was counted.
    var isEmpty: Bool { flags.isEmpty }

    init() {}

    /// The summary of the client's `summary`, its counters and each flag's details (flags by key,
    /// counters by version then variation).
    init(_ summary: SummaryEvent) {
        for (key, counters) in summary.flags.sorted(by: { $0.key < $1.key }) {
            let details = summary.details[key]
            var flag = Flag(defaultValue: details?.defaultValue ?? .null, contextKinds: details?.contextKinds ?? [])
            for counter in counters {
                let counterKey = CounterKey(variation: counter.variationIndex, version: counter.version)
                flag.counterIndex[counterKey] = flag.counters.count
                flag.counters.append(Counter(key: counterKey, value: counter.value ?? details?.defaultValue ?? .null,
                                             count: counter.count))
            }
            flagIndex[key] = flags.count
            flags.append((key, flag))
        }
        startDate = summary.startTimestamp
        endDate = summary.endTimestamp
    }

    /// Counts one evaluation.
    mutating func add(_ evaluation: LaunchDarklyEvaluationRecord) {
        let position: Int
        if let existing = flagIndex[evaluation.key] {
            position = existing
        } else {
            position = flags.count
            flagIndex[evaluation.key] = position
            flags.append((evaluation.key, Flag(defaultValue: evaluation.defaultValue)))
        }
        let key = CounterKey(variation: evaluation.variation, version: evaluation.version)
        if let counter = flags[position].flag.counterIndex[key] {
            flags[position].flag.counters[counter].count += 1
        } else {
            flags[position].flag.counterIndex[key] = flags[position].flag.counters.count
            flags[position].flag.counters.append(Counter(key: key, value: evaluation.value, count: 1))
        }
        for single in evaluation.context.contexts where !flags[position].flag.contextKinds.contains(single.kind) {
            flags[position].flag.contextKinds.append(single.kind)
        }
        if startDate == 0 || evaluation.creationDate < startDate { startDate = evaluation.creationDate }
        if evaluation.creationDate > endDate { endDate = evaluation.creationDate }
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
