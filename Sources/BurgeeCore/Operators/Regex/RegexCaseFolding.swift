/// Unicode default lowercasing for case-insensitive patterns.
///
/// Case-insensitive matching lowercases both sides: the pattern here, at compile time, and the
/// input scalar by scalar while matching (see ``RegexInput``). Both use
/// `Unicode.Scalar.Properties.lowercaseMapping`, the context-free full mapping that
/// `String.lowercased()` applies, so `matches` agrees with the other string operators.
enum RegexCaseFolding {
    /// The lowercase mapping of `scalar`: usually one scalar, several for a few (`İ` → `i̇`).
    static func lowercase(_ scalar: Unicode.Scalar) -> [UInt32] {
        let value = scalar.value
        if value < 0x80 { return [asciiLowercase(value)] }
        if !scalar.properties.changesWhenLowercased { return [value] }
        return scalar.properties.lowercaseMapping.unicodeScalars.map(\.value)
    }

    /// Lowercases an ASCII value; other values pass through.
    @inline(__always)
    static func asciiLowercase(_ value: UInt32) -> UInt32 {
        value &- 0x41 < 26 ? value | 0x20 : value
    }

    /// The set a case-insensitive class matches against lowercased input: its members plus the
    /// single-scalar lowercase of each member.
    ///
    /// A range `[A-Z]` thus accepts `a`…`z`, and `[À-Þ]` accepts `à`…`þ`; a range of lowercase
    /// letters is unchanged. A member whose lowercase is several scalars (only `İ`) adds nothing:
    /// a class matches one scalar, and the lowercased input has two there.
    static func addingLowercaseImage(of set: RegexScalarSet) -> RegexScalarSet {
        var result = set
        for range in set.ranges {
            // ASCII part: arithmetic, no table needed.
            if range.lowerBound <= 0x5A && range.upperBound >= 0x41 {
                let lower = max(range.lowerBound, 0x41)
                let upper = min(range.upperBound, 0x5A)
                result.insert((lower | 0x20)...(upper | 0x20))
            }
            if range.upperBound < 0x80 { continue }
            // Non-ASCII part: the pairs whose source lies in the range.
            let pairs = nonASCIILowercasePairs
            var index = firstPair(atOrAbove: max(range.lowerBound, 0x80), in: pairs)
            while index < pairs.count && pairs[index].source <= range.upperBound {
                result.insert(pairs[index].lowercase)
                index += 1
            }
        }
        return result
    }

    /// Every non-ASCII scalar whose lowercase mapping is a different single scalar, sorted by
    /// source. Built once, on first use, from the standard library's Unicode tables.
    ///
    /// Only planes 0 and 1 are scanned: no cased scalar lies beyond them, and a full scan of the
    /// code space would cost tens of milliseconds. A test checks the assumption holds for the
    /// Unicode version of the running standard library.
    static let nonASCIILowercasePairs: [(source: UInt32, lowercase: UInt32)] = {
        var pairs: [(source: UInt32, lowercase: UInt32)] = []
        for value in UInt32(0x80)..<scannedLimit {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else {
                continue
            }
            var mapped = scalar.properties.lowercaseMapping.unicodeScalars.makeIterator()
            if let first = mapped.next(), mapped.next() == nil {
                pairs.append((value, first.value))
            }
        }
        return pairs
    }()

    /// The end of the scanned code space for ``nonASCIILowercasePairs``.
    static let scannedLimit: UInt32 = 0x20000

    private static func firstPair(
        atOrAbove value: UInt32, in pairs: [(source: UInt32, lowercase: UInt32)]
    ) -> Int {
        var low = 0
        var high = pairs.count
        while low < high {
            let mid = (low + high) / 2
            if pairs[mid].source < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
