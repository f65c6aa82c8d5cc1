/// Evaluation counts of flags that are not in the definitions (or of any flag before definitions
/// arrive), bounded: a program asking for ever new keys cannot grow it without limit.
struct UnknownFlagCounts {
    static let maxKeys = 1_000

    private var counts: [String: Int] = [:]
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

    mutating func take() -> [String: Int] {
        defer { counts = [:] }
        return counts
    }
}
