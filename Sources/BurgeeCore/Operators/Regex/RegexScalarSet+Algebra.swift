/// Set algebra on scalar sets, for the dialects' classes (`&&`, `--`, `~~`, nested classes) and
/// case-insensitive matching by case folding.
extension RegexScalarSet {
    /// A set of ranges in any order, possibly overlapping or adjacent.
    init(unsorted given: [ClosedRange<UInt32>]) {
        self.init()
        let sorted = given.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.init(sortedDisjoint: merged)
    }

    /// A set of ranges already sorted and disjoint (adjacent ranges are merged).
    init(sortedDisjoint given: [ClosedRange<UInt32>]) {
        self.init()
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(given.count)
        for range in given {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        replaceRanges(merged)
    }

    /// The members of both.
    func union(_ other: RegexScalarSet) -> RegexScalarSet {
        RegexScalarSet(unsorted: ranges + other.ranges)
    }

    /// The members of this set that `other` has too.
    func intersection(_ other: RegexScalarSet) -> RegexScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var i = 0, j = 0
        let a = ranges, b = other.ranges
        while i < a.count && j < b.count {
            let low = Swift.max(a[i].lowerBound, b[j].lowerBound)
            let high = Swift.min(a[i].upperBound, b[j].upperBound)
            if low <= high { result.append(low...high) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return RegexScalarSet(sortedDisjoint: result)
    }

    /// The members of this set that `other` does not have.
    func subtracting(_ other: RegexScalarSet) -> RegexScalarSet {
        intersection(other.inverted())
    }

    /// The members of exactly one of the two.
    func symmetricDifference(_ other: RegexScalarSet) -> RegexScalarSet {
        union(other).subtracting(intersection(other))
    }

    /// This set with every scalar that simple case folding equates with a member: what a
    /// case-insensitive class matches in the Rust, RE2 and Python dialects.
    func caseFolded() -> RegexScalarSet {
        var added: [ClosedRange<UInt32>] = ranges
        for scalar in UnicodeCaseFoldData.foldingScalars where contains(scalar) {
            for member in UnicodeCaseFoldData.orbit(scalar) where member != scalar { added.append(member...member) }
        }
        return RegexScalarSet(unsorted: added)
    }
}
