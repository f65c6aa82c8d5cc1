import BurgeeCore

/// Gathers the counts of one flush interval from every snapshot they were counted in, merging
/// equal flag, version and variation.
struct SummaryBuilder {
    private struct Key: Hashable {
        let version: Int64?
        let variationIndex: Int?
    }

    private var flags: [String: [Key: (variationKey: String?, count: Int, value: JSONValue?)]] = [:]
    private var details: [String: SummaryEvent.Details] = [:]

    var isEmpty: Bool { flags.isEmpty }

    /// Adds `count` evaluations of one counter; `value`, the value it served, is kept from the first add.
    mutating func add(flagKey: String, version: Int64?, variationIndex: Int?, variationKey: String?, count: Int,
                      value: JSONValue? = nil) {
        let key = Key(version: version, variationIndex: variationIndex)
        flags[flagKey, default: [:]][key, default: (variationKey, 0, value)].count += count
    }

    /// Notes a flag's default and context kinds: the first default noted stays; kinds are merged.
    mutating func note(flagKey: String, defaultValue: JSONValue, kinds: [String]) {
        var entry = details[flagKey] ?? SummaryEvent.Details(defaultValue: defaultValue, contextKinds: [])
        for kind in kinds where !entry.contextKinds.contains(kind) { entry.contextKinds.append(kind) }
        details[flagKey] = entry
    }

    /// The summary event, counters ordered by version, then variation (none last).
    func build(start: Int64, end: Int64) -> SummaryEvent {
        var result: [String: [SummaryEvent.Counter]] = [:]
        for (flag, counters) in flags {
            result[flag] = counters.map { key, value in
                SummaryEvent.Counter(version: key.version, variationIndex: key.variationIndex,
                                     variationKey: value.variationKey, count: value.count, value: value.value)
            }.sorted { a, b in
                if a.version != b.version { return (a.version ?? .min) < (b.version ?? .min) }
                return (a.variationIndex ?? .max) < (b.variationIndex ?? .max)
            }
        }
        var summary = SummaryEvent(startTimestamp: start, endTimestamp: end, flags: result)
        summary.details = details
        return summary
    }
}
