import BurgeeCore

/// Evaluation counts of flags that are not in the definitions (or of any flag before definitions
/// arrive), bounded: a program asking for ever new keys cannot grow it without limit.
struct UnknownFlagCounts {
    static let maxKeys = 1_000

    private var counts: [String: Int] = [:]
    /// Per key, the first default and the kinds evaluated, when the destination reports them.
    private var notes: [String: FlagEventDetails.Notes] = [:]
    /// Evaluations not counted because the table was full, ever.
    private(set) var overflow = 0

    mutating func count(_ key: String) {
        if let index = counts.index(forKey: key) {
            counts.values[index] += 1
        } else if counts.count < Self.maxKeys {
            counts[key] = 1
        } else {
            overflow += 1
        }
    }

    /// ``count(_:)``, noting the caller's default (the first stays) and the context's kinds.
    mutating func count(_ key: String, context: Context, default defaultValue: JSONValue) {
        let before = overflow
        count(key)
        guard overflow == before else { return }
        var entry = notes[key] ?? FlagEventDetails.Notes(defaultValue: defaultValue, noVariationValue: defaultValue, kinds: [])
        for single in context.contexts where !entry.kinds.contains(single.kind) { entry.kinds.append(single.kind) }
        notes[key] = entry
    }

    /// The notes since the last call.
    mutating func takeNotes() -> [String: FlagEventDetails.Notes] {
        defer { notes = [:] }
        return notes
    }

    mutating func take() -> [String: Int] {
        defer { counts = [:] }
        return counts
    }
}
