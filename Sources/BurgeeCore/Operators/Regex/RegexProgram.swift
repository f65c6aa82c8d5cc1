/// One instruction of a compiled pattern: a node of a Thompson NFA, addressed by its index.
///
/// Consuming instructions (`scalar`, `anyExceptNewline`, `scalarClass`) advance one scalar and
/// continue at the next index; the others move without consuming.
enum RegexInstruction: Sendable, Equatable {
    /// Consumes this scalar value.
    case scalar(UInt32)
    /// Consumes any scalar except line feed.
    case anyExceptNewline
    /// Consumes a scalar in the class at this index of ``RegexProgram/classes``.
    case scalarClass(Int32)
    /// Continues at both targets.
    case split(Int32, Int32)
    /// Continues at the target.
    case jump(Int32)
    /// Continues at the next instruction if the assertion holds here.
    case assertion(RegexAssertion)
    /// The pattern has matched.
    case match
}

/// A range of non-ASCII scalar values in a ``RegexClass``.
struct RegexScalarRange: Sendable, Equatable {
    var lowerBound: UInt32
    var upperBound: UInt32
}

/// A character class in matching form: a bitmap for ASCII, sorted ranges for the rest.
struct RegexClass: Sendable, Equatable {
    /// Members 0–63, one bit each.
    var asciiLow: UInt64 = 0
    /// Members 64–127, one bit each.
    var asciiHigh: UInt64 = 0
    /// Where this class's non-ASCII ranges start in ``RegexProgram/classRanges``.
    var rangesStart: Int32 = 0
    /// Where they end (exclusive).
    var rangesEnd: Int32 = 0

    /// Whether `value` is a member; `ranges` is the program's ``RegexProgram/classRanges``.
    @inline(__always)
    func contains(_ value: UInt32, ranges: UnsafeBufferPointer<RegexScalarRange>) -> Bool {
        if value < 64 { return asciiLow >> UInt64(value) & 1 != 0 }
        if value < 128 { return asciiHigh >> UInt64(value - 64) & 1 != 0 }
        var low = Int(rangesStart)
        var high = Int(rangesEnd)
        while low < high {
            let mid = (low + high) >> 1
            let range = ranges[mid]
            if range.upperBound < value {
                low = mid + 1
            } else if range.lowerBound > value {
                high = mid
            } else {
                return true
            }
        }
        return false
    }
}

/// A compiled pattern: what ``RegexMatcher`` runs.
struct RegexProgram: Sendable {
    /// The most instructions a program may have.
    ///
    /// Matching time is proportional to instructions × input scalars: at this bound and
    /// ``PortableRegex/maxInputLength`` the worst case is a few hundred milliseconds, so the
    /// bound is kept well below what memory alone would allow. Without counted repetitions a
    /// pattern compiles to at most two instructions per scalar, about 2,050 within
    /// ``PortableRegex/maxPatternLength``; counted repetitions add more (`.{0,1000}` alone is
    /// 2,000), and `(a{1000}){1000}` is rejected. The matcher's per-call state is
    /// about 4 bytes per instruction on the stack (16 KiB at this bound), and the count must stay
    /// below `UInt16.max`, the width of a thread-list entry.
    static let maxInstructionCount = 4_096

    /// The instructions; execution starts at index 0.
    var instructions: ContiguousArray<RegexInstruction>
    /// The classes referenced by ``RegexInstruction/scalarClass(_:)``.
    var classes: ContiguousArray<RegexClass>
    /// The non-ASCII ranges of all classes, each class's ranges contiguous and sorted.
    var classRanges: ContiguousArray<RegexScalarRange>
    /// Whether every match starts at the start of the input, so that no attempt need start later.
    var isAnchoredAtStart: Bool
    /// Whether input scalars are lowercased before matching.
    var caseInsensitive: Bool
    /// Whether an assertion needs the index of a final `\n` (Python's `$`).
    var readsFinalNewline = false
}
