import BurgeeCore

/// What event recording needs of one snapshot's flags, by position, and their summary counters:
/// built once per snapshot, off the evaluation path, so that an evaluation counts and checks its
/// exposure without a lookup or an allocation.
final class FlagEventTable: Sendable {
    /// One flag's event settings.
    struct Flag: Sendable, Equatable {
        let keyHash: UInt64
        let version: Int64
        /// The first of the flag's counters: one per variation, then one for "no variation".
        var firstCounter: Int
        let variationCount: Int
        let trackEvents: Bool
        /// Whether any of the flag's rules has `trackEvents`.
        let tracksRules: Bool
        /// Whether falling through forces an exposure (LaunchDarkly's `trackEventsFallthrough`).
        let tracksFallthrough: Bool
        /// Whether exposures are only to be counted by destinations that know the mark (``FlagInfo/countsOnly``).
        let countsOnly: Bool
        /// Whether evaluating the flag may evaluate prerequisite flags.
        let evaluatesPrerequisites: Bool
        /// Until when (Unix milliseconds; 0: never) every evaluation is to be recorded for
        /// debugging (LaunchDarkly's `debugEventsUntilDate`).
        let debugUntil: Int64

        /// Whether anything but an experiment's reason can force this flag's exposure (or
        /// record one while it is debugged): else an evaluation outside an experiment is settled
        /// by one test where only forced exposures are recorded.
        let mayForce: Bool
        /// Whether its evaluations are left out of summaries (LaunchDarkly's `excludeFromSummaries`):
        /// they are counted, and the counts dropped when taken.
        let excludedFromSummaries: Bool
        /// ``FlagInfo/samplingRatio``.
        let samplingRatio: Int64?
        /// Neither ``mayForce`` nor ``evaluatesPrerequisites``: where only forced exposures are
        /// recorded, an evaluation of this flag outside an experiment is a count and nothing more.
        let quiet: Bool
    }

    let flags: ContiguousArray<Flag>
    let keys: [String]
    let variationKeys: [[String]]
    /// The indices of each flag's rules with `trackEvents`, by position.
    let trackedRules: [[Int]]
    let counters: AtomicWords
    /// Each flag's default, context kinds and variation values, for a destination that reports
    /// them (``FlagEventDetails``); `nil` when none does.
    let details: FlagEventDetails?
    /// ``details``, read on the evaluation path without a retain (``details`` keeps it alive).
    let detailsReference: Unmanaged<FlagEventDetails>?

    /// The table of `snapshot`, read flag by flag.
    convenience init(snapshot: Snapshot, withDetails: Bool = false) {
        self.init(snapshot: snapshot, previous: nil, changed: nil, withDetails: withDetails)
    }

    /// The table of `snapshot`. With `previous`, the table of the snapshot it replaces, and
    /// `changed`, the flags whose definitions may differ between the two: when both lay out the
    /// same flags at the same positions, the other flags' rows are kept, so that an update of
    /// one flag in thousands reads that flag alone (the counters are new either way).
    /// `withDetails` keeps each flag's ``FlagEventDetails`` too.
    init(snapshot: Snapshot, previous: FlagEventTable?, changed: [String]?, withDetails: Bool = false) {
        let count = snapshot.flagCount
        if let previous, let changed, previous.flags.count == count, snapshot.visibleFlagCount == count,
           (0..<count).allSatisfy({ previous.keys[$0] == snapshot.flagKey(at: FlagPosition($0)) }) {
            var flags = previous.flags
            var variationKeys = previous.variationKeys
            var trackedRules = previous.trackedRules
            var values = withDetails ? previous.details?.values : nil
            var countsMoved = false
            for key in changed {
                guard let position = snapshot.position(ofFlag: key) else { continue }
                let row = Self.row(snapshot, position, firstCounter: flags[position.index].firstCounter)
                countsMoved = countsMoved || row.flag.variationCount != flags[position.index].variationCount
                flags[position.index] = row.flag
                variationKeys[position.index] = row.names
                trackedRules[position.index] = row.tracked
                values?[position.index] = snapshot.variationValues(at: position)
            }
            var next = 0
            if countsMoved {
                for i in flags.indices {
                    flags[i].firstCounter = next
                    next += flags[i].variationCount + 1
                }
            } else if let last = flags.last {
                next = last.firstCounter + last.variationCount + 1
            }
            self.flags = flags
            self.keys = previous.keys
            self.variationKeys = variationKeys
            self.trackedRules = trackedRules
            counters = AtomicWords(count: max(next, 1))
            details = withDetails
                ? FlagEventDetails(values: values ?? (0..<count).map { snapshot.variationValues(at: FlagPosition($0)) }) : nil
            detailsReference = details.map { Unmanaged.passUnretained($0) }
            return
        }
        var flags = ContiguousArray<Flag>()
        var keys: [String] = []
        var variationKeys: [[String]] = []
        var trackedRules: [[Int]] = []
        flags.reserveCapacity(count)
        var next = 0
        for index in 0..<count {
            let position = FlagPosition(index)
            let row = Self.row(snapshot, position, firstCounter: next)
            flags.append(row.flag)
            trackedRules.append(row.tracked)
            keys.append(snapshot.flagKey(at: position))
            variationKeys.append(row.names)
            next += row.names.count + 1
        }
        self.flags = flags
        self.keys = keys
        self.variationKeys = variationKeys
        self.trackedRules = trackedRules
        counters = AtomicWords(count: max(next, 1))
        details = withDetails ? FlagEventDetails(values: (0..<count).map { snapshot.variationValues(at: FlagPosition($0)) }) : nil
        detailsReference = details.map { Unmanaged.passUnretained($0) }
    }

    /// What the table keeps of the flag at `position`.
    private static func row(_ snapshot: Snapshot, _ position: FlagPosition,
                            firstCounter: Int) -> (flag: Flag, names: [String], tracked: [Int]) {
        let key = snapshot.flagKey(at: position)
        let info = snapshot.info(at: position)
        let names = snapshot.variationNames(at: position)
        let tracked = snapshot.trackedRules(at: position)
        let mayForce = info.trackEvents || !tracked.isEmpty || info.trackEventsFallthrough || (info.debugEventsUntilDate ?? 0) > 0
        let flag = Flag(keyHash: ExposureFingerprint.string(key), version: info.version,
                        firstCounter: firstCounter, variationCount: names.count, trackEvents: info.trackEvents,
                        tracksRules: !tracked.isEmpty, tracksFallthrough: info.trackEventsFallthrough,
                        countsOnly: info.countsOnly, evaluatesPrerequisites: snapshot.evaluatesPrerequisites(at: position),
                        debugUntil: max(info.debugEventsUntilDate ?? 0, 0),
                        mayForce: mayForce,
                        excludedFromSummaries: info.excludeFromSummaries, samplingRatio: info.samplingRatio,
                        quiet: !mayForce && !snapshot.evaluatesPrerequisites(at: position))
        return (flag, names, tracked)
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
        count(flags[position.index], variation: variation)
    }

    /// Counts one evaluation of `flag` (this table's row) that served `variation` (`nil`: none).
    @inline(__always)
    func count(_ flag: Flag, variation: Int?) {
        let slot = variation.map { $0 < flag.variationCount ? $0 : flag.variationCount } ?? flag.variationCount
        counters.increment(flag.firstCounter &+ slot)
    }

    /// Takes the counts since the last call into `summary`, with each flag's details when kept.
    func takeCounts(into summary: inout SummaryBuilder) {
        let notes = details?.take() ?? [:]
        for (index, flag) in flags.enumerated() {
            for slot in 0...flag.variationCount {
                let count = counters.take(flag.firstCounter + slot)
                guard count > 0, !flag.excludedFromSummaries else { continue }
                let served = slot < flag.variationCount ? slot : nil
                let value = served.flatMap { details?.values[index][$0] } ?? notes[index]?.noVariationValue
                summary.add(flagKey: keys[index], version: flag.version, variationIndex: served,
                            variationKey: served.map { variationKeys[index][$0] }, count: Int(count), value: value)
            }
            if let note = notes[index], !flag.excludedFromSummaries { summary.note(flagKey: keys[index], defaultValue: note.defaultValue, kinds: note.kinds) }
        }
    }
}
