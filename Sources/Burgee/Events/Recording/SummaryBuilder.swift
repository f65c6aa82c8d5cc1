/// Gathers the counts of one flush interval from every snapshot they were counted in, merging
/// equal flag, version and variation.
struct SummaryBuilder {
    private struct Key: Hashable {
        let version: Int64?
        let variationIndex: Int?
    }

    private var flags: [String: [Key: (variationKey: String?, count: Int)]] = [:]

    var isEmpty: Bool { flags.isEmpty }

    mutating func add(flagKey: String, version: Int64?, variationIndex: Int?, variationKey: String?, count: Int) {
        let key = Key(version: version, variationIndex: variationIndex)
        flags[flagKey, default: [:]][key, default: (variationKey, 0)].count += count
    }

    /// The summary event, counters ordered by version, then variation (none last).
    func build(start: Int64, end: Int64) -> SummaryEvent {
        var result: [String: [SummaryEvent.Counter]] = [:]
        for (flag, counters) in flags {
            result[flag] = counters.map { key, value in
                SummaryEvent.Counter(version: key.version, variationIndex: key.variationIndex,
                                     variationKey: value.variationKey, count: value.count)
            }.sorted { a, b in
                if a.version != b.version { return (a.version ?? .min) < (b.version ?? .min) }
                return (a.variationIndex ?? .max) < (b.variationIndex ?? .max)
            }
        }
        return SummaryEvent(startTimestamp: start, endTimestamp: end, flags: result)
    }
}
