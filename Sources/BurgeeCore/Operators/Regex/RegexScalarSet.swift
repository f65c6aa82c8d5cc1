/// A set of Unicode scalar values built while parsing a character class or a class escape.
///
/// Only used at compile time; the matcher works on the flattened ``RegexClass`` form.
struct RegexScalarSet: Sendable, Equatable {
    /// Sorted, disjoint, non-adjacent closed ranges of scalar values.
    private(set) var ranges: [ClosedRange<UInt32>] = []

    /// The largest Unicode scalar value.
    static let maxScalar: UInt32 = 0x10FFFF

    init() {}

    init(_ ranges: [ClosedRange<UInt32>]) {
        for range in ranges { insert(range) }
    }

    /// `\d`: ASCII digits.
    static let digits = RegexScalarSet([0x30...0x39])
    /// `\w`: ASCII letters, digits and `_`.
    static let wordCharacters = RegexScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\w` in Unicode mode, as the Rust `regex` crate has it: alphabetic scalars, marks, decimal
    /// digits, connector punctuation and the join controls. Built once, when first used.
    static let unicodeWordCharacters: RegexScalarSet = {
        var set = RegexScalarSet()
        var v: UInt32 = 0
        while v <= maxScalar {
            guard let scalar = Unicode.Scalar(v), isUnicodeWord(scalar.properties) else {
                v += 1
                continue
            }
            let low = v
            while v < maxScalar, let next = Unicode.Scalar(v + 1), isUnicodeWord(next.properties) { v += 1 }
            set.ranges.append(low...v)
            v += 1
        }
        return set
    }()

    /// Whether a scalar is one of ``unicodeWordCharacters``, from its properties (no table needed).
    static func isUnicodeWord(_ p: Unicode.Scalar.Properties) -> Bool {
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return p.isAlphabetic || p.isJoinControl
        }
    }

    /// `\s`: space, tab, line feed, vertical tab, form feed and carriage return.
    static let whitespace = RegexScalarSet([0x09...0x0D, 0x20...0x20])

    /// Whether `value` is in the set.
    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value {
                low = mid + 1
            } else if ranges[mid].lowerBound > value {
                high = mid
            } else {
                return true
            }
        }
        return false
    }

    /// Replaces the ranges with `sorted`, which must be sorted, disjoint and non-adjacent.
    mutating func replaceRanges(_ sorted: [ClosedRange<UInt32>]) {
        ranges = sorted
    }

    /// Adds a single scalar value.
    mutating func insert(_ value: UInt32) {
        insert(value...value)
    }

    /// Adds a range, keeping the ranges sorted and merged.
    mutating func insert(_ range: ClosedRange<UInt32>) {
        // Classes are small (bounded by the pattern length), so a linear merge is plenty.
        var lower = range.lowerBound
        var upper = range.upperBound
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(ranges.count + 1)
        var placed = false
        for existing in ranges {
            if existing.upperBound &+ 1 < lower {
                merged.append(existing)
            } else if upper &+ 1 < existing.lowerBound {
                if !placed {
                    merged.append(lower...upper)
                    placed = true
                }
                merged.append(existing)
            } else {
                lower = min(lower, existing.lowerBound)
                upper = max(upper, existing.upperBound)
            }
        }
        if !placed { merged.append(lower...upper) }
        ranges = merged
    }

    /// Adds every member of `other`.
    mutating func formUnion(_ other: RegexScalarSet) {
        for range in other.ranges { insert(range) }
    }

    /// The complement within `0...0x10FFFF`.
    func inverted() -> RegexScalarSet {
        var result = RegexScalarSet()
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.ranges.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if next <= Self.maxScalar { result.ranges.append(next...Self.maxScalar) }
        return result
    }
}
