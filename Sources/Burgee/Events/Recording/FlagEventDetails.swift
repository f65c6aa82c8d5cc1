import BurgeeCore

/// What a destination that reports, per flag and interval, the caller's default of the first
/// evaluation, the kinds of the contexts evaluated and each counter's value (LaunchDarkly's
/// summaries) needs beyond the counts, for the flags of one snapshot's ``FlagEventTable``.
///
/// An evaluation whose flag already noted its default this interval, for a context of the kinds
/// it noted last, costs two loads and a compare: the marks say so without a lock. Anything new
/// (the interval's first evaluation of the flag, another set of kinds, the first that served no
/// variation) is noted under a lock.
final class FlagEventDetails: Sendable {
    /// One flag's notes for the interval.
    struct Notes: Sendable, Equatable {
        /// The caller's default of the interval's first evaluation.
        var defaultValue: JSONValue
        /// The caller's default of the first evaluation that served no variation (its counter's value).
        var noVariationValue: JSONValue?
        /// The kinds of the contexts evaluated, in the order first seen.
        var kinds: [String]
    }

    /// The variations' values, by flag position.
    let values: [[JSONValue]]
    /// Two words per flag: the kinds mark of the last context noted (0: nothing noted this
    /// interval), and 1 once an evaluation that served no variation was noted.
    private let marks: AtomicWords
    private let notes = Locked<[Int: Notes]>([:])

    init(values: [[JSONValue]]) {
        self.values = values
        marks = AtomicWords(count: max(2 * values.count, 1))
    }

    /// Whether an evaluation of the flag at `index` that served `variation` (`nil`: none) for a
    /// context of kinds `mark` (``Context/eventMarks``) has nothing new to note.
    @inline(__always)
    func isNoted(_ index: Int, variation: Int?, kinds mark: UInt64) -> Bool {
        marks.load(2 &* index) == mark && (variation != nil || marks.load(2 &* index &+ 1) != 0)
    }

    /// Notes an evaluation that ``isNoted(_:variation:kinds:)`` did not find noted, with the
    /// caller's default.
    @inline(never)
    func noteNew(_ index: Int, variation: Int?, context: Context, mark: UInt64, default defaultValue: JSONValue) {
        notes.withLock { notes in
            var entry = notes[index] ?? Notes(defaultValue: defaultValue, noVariationValue: nil, kinds: [])
            for single in context.contexts where !entry.kinds.contains(single.kind) { entry.kinds.append(single.kind) }
            if variation == nil, entry.noVariationValue == nil { entry.noVariationValue = defaultValue }
            notes[index] = entry
            // Under the lock, so that ``take()`` cannot clear the marks between the notes and them.
            marks.store(mark, at: 2 &* index)
            if variation == nil { marks.store(1, at: 2 &* index &+ 1) }
        }
    }

    /// The interval's notes by flag position; the next evaluation of each flag notes afresh.
    func take() -> [Int: Notes] {
        notes.withLock { notes in
            for word in 0..<marks.count { marks.store(0, at: word) }
            defer { notes = [:] }
            return notes
        }
    }
}
