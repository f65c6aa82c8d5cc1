/// Runs a ``RegexProgram`` over an input by Thompson simulation (a Pike VM without captures).
///
/// All threads advance together, one input scalar at a time, and a thread is kept at most once
/// per instruction, so the work is bounded by instructions × scalars whatever the pattern: there
/// is no backtracking to go exponential. The per-call state (two thread lists and a membership
/// bitmap) lives in stack buffers sized from the program; nothing is allocated on the heap.
enum RegexMatcher {
    /// The most thread steps (live threads summed over the input's scalars) one match may take;
    /// a match that would need more fails (does not match).
    ///
    /// Instructions × scalars bounds the work, but the two bounds alone allow 4,096 × 16,384
    /// steps (about half a second); this budget keeps any one match around a millisecond on this
    /// hardware (about 5 ns a step). Ordinary patterns keep a handful of threads alive: 10 live
    /// threads reach the budget only after 13,000 scalars.
    static let stepBudget = 131_072

    /// Whether `program` matches anywhere in `input` (search semantics).
    static func matches(_ program: RegexProgram, in input: String) -> Bool {
        let count = program.instructions.count
        let anchored = program.isAnchoredAtStart
        let lowercases = program.caseInsensitive
        let finalNewline = program.readsFinalNewline ? finalNewlineIndex(of: input) : -1
        return program.instructions.withUnsafeBufferPointer { instructions in
            program.classes.withUnsafeBufferPointer { classes in
                program.classRanges.withUnsafeBufferPointer { ranges in
                    // At most 4,096 bits: one buffer well within the 1 KiB that always stays on the stack.
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (count + 63) >> 6) { members in
                        members.initialize(repeating: 0)
                        var input = RegexInput(input, lowercases: lowercases)
                        if count <= regexChunkCapacity {
                            return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { first in
                                withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { second in
                                    var machine = RegexMachine(
                                        instructions: instructions, classes: classes, ranges: ranges,
                                        members: members.baseAddress!,
                                        current: RegexFlatList(base: first.baseAddress!),
                                        next: RegexFlatList(base: second.baseAddress!), finalNewline: finalNewline)
                                    return machine.run(&input, anchored: anchored)
                                }
                            }
                        }
                        let chunksPerList = (count + regexChunkCapacity - 1) / regexChunkCapacity
                        return withUnsafeTemporaryAllocation(
                            of: UnsafeMutablePointer<UInt16>.self, capacity: 2 * chunksPerList
                        ) { table in
                            let table = table.baseAddress!
                            return withRegexStackChunks(table, from: 0, count: 2 * chunksPerList) {
                                var machine = RegexMachine(
                                    instructions: instructions, classes: classes, ranges: ranges,
                                    members: members.baseAddress!,
                                    current: RegexChunkedList(chunks: table),
                                    next: RegexChunkedList(chunks: table + chunksPerList), finalNewline: finalNewline)
                                return machine.run(&input, anchored: anchored)
                            }
                        }
                    }
                }
            }
        }
    }
}

extension RegexMatcher {
    /// The index, in scalars, of the `\n` that ends `input`; -1 when it does not end in one.
    static func finalNewlineIndex(of input: String) -> Int {
        guard input.utf8.last == 0x0A else { return -1 }
        var count = 0
        for _ in input.unicodeScalars { count += 1 }
        return count - 1
    }
}

/// The simulation state for one call: two thread lists and the membership bitmap of the one
/// being built.
private struct RegexMachine<List: RegexThreadList> {
    let instructions: UnsafeBufferPointer<RegexInstruction>
    let classes: UnsafeBufferPointer<RegexClass>
    let ranges: UnsafeBufferPointer<RegexScalarRange>
    /// One bit per instruction: whether it is already in `next`.
    let members: UnsafeMutablePointer<UInt64>
    /// The threads waiting for the current scalar.
    var current: List
    var currentCount = 0
    /// The threads being gathered for the position after it.
    var next: List
    var nextCount = 0
    /// The index of the input's final `\n` (-1: none), for ``RegexAssertion/endOfInputOrFinalNewline``.
    let finalNewline: Int
    /// The index of the scalar after the current position.
    var scalarIndex = 0

    init(
        instructions: UnsafeBufferPointer<RegexInstruction>,
        classes: UnsafeBufferPointer<RegexClass>,
        ranges: UnsafeBufferPointer<RegexScalarRange>,
        members: UnsafeMutablePointer<UInt64>,
        current: List, next: List, finalNewline: Int
    ) {
        self.finalNewline = finalNewline
        self.instructions = instructions
        self.classes = classes
        self.ranges = ranges
        self.members = members
        self.current = current
        self.next = next
    }

    mutating func run(_ input: inout RegexInput, anchored: Bool) -> Bool {
        // `RegexInput.end` on the left means "start of input", on the right "end of input".
        var before = RegexInput.end
        var after = input.next()
        var budget = RegexMatcher.stepBudget
        insert(0)
        if closeOver(before: before, after: after) { return true }
        while after != RegexInput.end {
            swap(&current, &next)
            currentCount = nextCount
            nextCount = 0
            // An anchored pattern with no live thread can no longer match.
            if anchored && currentCount == 0 { return false }
            budget &-= currentCount
            if budget < 0 { return false }
            for index in 0..<currentCount {
                let pc = Int(current[index])
                members[pc >> 6] &= ~(1 &<< UInt64(pc & 63))
            }
            let scalar = after
            before = scalar
            after = input.next()
            scalarIndex &+= 1
            for index in 0..<currentCount {
                let pc = Int(current[index])
                switch instructions[pc] {
                case .scalar(let value):
                    if value == scalar { insert(pc + 1) }
                case .anyExceptNewline:
                    if scalar != 0x0A { insert(pc + 1) }
                case .scalarClass(let classIndex):
                    if classes[Int(classIndex)].contains(scalar, ranges: ranges) { insert(pc + 1) }
                case .split, .jump, .assertion, .match:
                    break
                }
            }
            // Search semantics: a match may also start here.
            if !anchored { insert(0) }
            if closeOver(before: before, after: after) { return true }
        }
        return false
    }

    /// Extends `next` with every instruction reachable from its entries without consuming,
    /// using the list itself as the work queue. Returns true as soon as `match` is reachable.
    ///
    /// One pass per position, rather than one per thread, keeps the hot loop free of calls.
    @inline(__always)
    private mutating func closeOver(before: UInt32, after: UInt32) -> Bool {
        var index = 0
        while index < nextCount {
            let pc = Int(next[index])
            index += 1
            switch instructions[pc] {
            case .jump(let target):
                insert(Int(target))
            case .split(let first, let second):
                insert(Int(first))
                insert(Int(second))
            case .assertion(let assertion):
                // The anchors inline; the rest out of line keeps this loop's state in registers.
                let holds = switch assertion {
                case .startOfInput: before == RegexInput.end
                case .endOfInput: after == RegexInput.end
                default: Self.holds(assertion, before: before, after: after, scalarIndex: scalarIndex,
                                    finalNewline: finalNewline)
                }
                if holds { insert(pc + 1) }
            case .match:
                return true
            case .scalar, .anyExceptNewline, .scalarClass:
                break
            }
        }
        return false
    }

    @inline(__always)
    private mutating func insert(_ pc: Int) {
        let word = pc >> 6
        let bit: UInt64 = 1 &<< UInt64(pc & 63)
        guard members[word] & bit == 0 else { return }
        members[word] |= bit
        next[nextCount] = UInt16(truncatingIfNeeded: pc)
        nextCount += 1
    }

    /// Whether `assertion` holds between `before` and `after`, the scalar at `scalarIndex`.
    @inline(never)
    private static func holds(_ assertion: RegexAssertion, before: UInt32, after: UInt32, scalarIndex: Int,
                              finalNewline: Int) -> Bool {
        switch assertion {
        case .startOfInput: return before == RegexInput.end
        case .endOfInput: return after == RegexInput.end
        case .wordBoundary: return Self.isWordScalar(before) != Self.isWordScalar(after)
        case .notWordBoundary: return Self.isWordScalar(before) == Self.isWordScalar(after)
        case .unicodeWordBoundary: return Self.isUnicodeWordScalar(before) != Self.isUnicodeWordScalar(after)
        case .notUnicodeWordBoundary: return Self.isUnicodeWordScalar(before) == Self.isUnicodeWordScalar(after)
        case .startOfLine: return before == RegexInput.end || before == 0x0A
        case .endOfLine: return after == RegexInput.end || after == 0x0A
        case .endOfInputOrFinalNewline: return after == RegexInput.end || (after == 0x0A && scalarIndex == finalNewline)
        case .pythonWordBoundary: return Self.isPythonWordScalar(before) != Self.isPythonWordScalar(after)
        case .notPythonWordBoundary:
            // Python's `\B` never matches in an empty input.
            return Self.isPythonWordScalar(before) == Self.isPythonWordScalar(after) && !(before == RegexInput.end && after == RegexInput.end)
        case .wordStart: return !Self.isUnicodeWordScalar(before) && Self.isUnicodeWordScalar(after)
        case .wordEnd: return Self.isUnicodeWordScalar(before) && !Self.isUnicodeWordScalar(after)
        }
    }

    /// Python's word characters: letters, numbers and `_`.
    @inline(__always)
    private static func isPythonWordScalar(_ value: UInt32) -> Bool {
        if value < 128 { return isWordScalar(value) }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Unicode's word characters (``RegexScalarSet/unicodeWordCharacters``); ASCII by bitmap.
    @inline(__always)
    private static func isUnicodeWordScalar(_ value: UInt32) -> Bool {
        if value < 128 { return isWordScalar(value) }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return RegexScalarSet.isUnicodeWord(scalar.properties)
    }

    /// ASCII `[0-9A-Za-z_]`; the end-of-input marker is not a word scalar.
    @inline(__always)
    private static func isWordScalar(_ value: UInt32) -> Bool {
        if value < 64 { return 0x03FF_0000_0000_0000 as UInt64 >> UInt64(value) & 1 != 0 }
        if value < 128 { return 0x07FF_FFFE_87FF_FFFE as UInt64 >> UInt64(value - 64) & 1 != 0 }
        return false
    }
}
