import BurgeeCore

/// What event recording needs of one snapshot's flags, by position, and their summary counters:
/// built once per snapshot, off the evaluation path, so that an evaluation counts and checks its
/// exposure without a lookup or an allocation.
final class FlagEventTable: Sendable {
    /// One flag's event settings.
    struct Flag: Sendable {
        let keyHash: UInt64
        let version: Int64
        /// The first of the flag's counters: one per variation, then one for "no variation".
        let firstCounter: Int
        let variationCount: Int
        let trackEvents: Bool
        /// Whether any of the flag's rules has `trackEvents`.
        let tracksRules: Bool
        /// Whether falling through forces an exposure (LaunchDarkly's `trackEventsFallthrough`).
        let tracksFallthrough: Bool
        /// Whether exposures are only to be counted by destinations that know the mark (``FlagInfo/countsOnly``).
        let countsOnly: Bool
    }

    let flags: ContiguousArray<Flag>
    let keys: [String]
    let variationKeys: [[String]]
    /// The indices of each flag's rules with `trackEvents`, by position.
    let trackedRules: [[Int]]
    let counters: AtomicWords

    init(snapshot: Snapshot) {
        var flags = ContiguousArray<Flag>()
        var keys: [String] = []
        var variationKeys: [[String]] = []
        var trackedRules: [[Int]] = []
        flags.reserveCapacity(snapshot.flagCount)
        var next = 0
        for index in 0..<snapshot.flagCount {
            let position = FlagPosition(index)
            let key = snapshot.flagKey(at: position)
            let info = snapshot.info(at: position)
            let names = snapshot.variationNames(at: position)
            let tracked = snapshot.trackedRules(at: position)
            flags.append(Flag(keyHash: ExposureFingerprint.string(key), version: info.version,
                              firstCounter: next, variationCount: names.count, trackEvents: info.trackEvents,
                              tracksRules: !tracked.isEmpty, tracksFallthrough: info.trackEventsFallthrough,
                              countsOnly: info.countsOnly))
            trackedRules.append(tracked)
            keys.append(key)
            variationKeys.append(names)
            next += names.count + 1
        }
        self.flags = flags
        self.keys = keys
        self.variationKeys = variationKeys
        self.trackedRules = trackedRules
        counters = AtomicWords(count: max(next, 1))
    }

    /// Whether the matched rule `ruleIndex` (`nil`: none matched) has `trackEvents`, in the flag at `position`.
    @inline(never)
    func tracksRule(_ position: FlagPosition, _ ruleIndex: Int?) -> Bool {
        guard let index = ruleIndex else { return false }
        return trackedRules[position.index].contains(index)
    }

    /// Counts one evaluation of the flag at `position` that served `variation` (`nil`: none).
    @inline(__always)
    func count(_ position: FlagPosition, variation: Int?) {
        let flag = flags[position.index]
        let slot = variation.map { $0 < flag.variationCount ? $0 : flag.variationCount } ?? flag.variationCount
        counters.increment(flag.firstCounter &+ slot)
    }

    /// Takes the counts since the last call into `summary`.
    func takeCounts(into summary: inout SummaryBuilder) {
        for (index, flag) in flags.enumerated() {
            for slot in 0...flag.variationCount {
                let count = counters.take(flag.firstCounter + slot)
                guard count > 0 else { continue }
                let served = slot < flag.variationCount ? slot : nil
                summary.add(flagKey: keys[index], version: flag.version, variationIndex: served,
                            variationKey: served.map { variationKeys[index][$0] }, count: Int(count))
            }
        }
    }
}
