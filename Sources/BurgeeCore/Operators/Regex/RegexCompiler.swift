/// Compiles a pattern into a ``RegexProgram``.
///
/// Counted repetitions are expanded into copies of their operand, so the program size is
/// computed from the tree first and an oversized pattern is rejected before anything is
/// emitted: `(a{1000}){1000}` fails fast instead of building a million instructions.
struct RegexCompiler {
    private var instructions: ContiguousArray<RegexInstruction> = []

    /// Parses and compiles `pattern` in the portable subset.
    static func compile(
        pattern: String, caseInsensitive: Bool, unicodeWord: Bool = false
    ) throws(RegexError) -> RegexProgram {
        try checkLength(of: pattern)
        var parser = RegexParser(pattern: pattern, caseInsensitive: caseInsensitive, unicodeWord: unicodeWord)
        let tree = try parser.parse()
        return try compile(tree, classes: parser.classes, lowercasesInput: caseInsensitive)
    }

    /// Parses and compiles `pattern` in a vendor's dialect: case-insensitivity is in the tree, so
    /// the input is matched as it is.
    static func compile(pattern: String, syntax: RegexSyntax, caseInsensitive: Bool,
                        wholeInput: Bool) throws(RegexError) -> RegexProgram {
        try checkLength(of: pattern)
        var parser = RegexDialectParser(pattern: pattern, syntax: syntax, caseInsensitive: caseInsensitive)
        var tree = try parser.parse()
        if wholeInput { tree = .concatenation([.assertion(.startOfInput), tree, .assertion(.endOfInput)]) }
        var program = try compile(tree, classes: parser.classes, lowercasesInput: false)
        program.readsFinalNewline = parser.readsFinalNewline
        return program
    }

    private static func checkLength(of pattern: String) throws(RegexError) {
        var length = 0
        for _ in pattern.unicodeScalars {
            length += 1
            if length > PortableRegex.maxPatternLength {
                throw RegexError(
                    kind: .patternTooLong, offset: PortableRegex.maxPatternLength,
                    message: "patterns longer than \(PortableRegex.maxPatternLength) scalars are not supported")
            }
        }
    }

    private static func compile(_ tree: RegexNode, classes sets: [RegexScalarSet], lowercasesInput: Bool) throws(RegexError) -> RegexProgram {
        let limit = RegexProgram.maxInstructionCount
        // One more for the final `match`.
        let size = Self.size(of: tree, cap: limit) + 1
        guard size <= limit else {
            throw RegexError(
                kind: .programTooLarge, offset: 0,
                message: "the pattern compiles to more than \(limit) instructions")
        }

        var compiler = RegexCompiler()
        compiler.instructions.reserveCapacity(size)
        compiler.emit(tree)
        compiler.instructions.append(.match)
        assert(compiler.instructions.count == size)

        var classes: ContiguousArray<RegexClass> = []
        var ranges: ContiguousArray<RegexScalarRange> = []
        for set in sets {
            classes.append(Self.matchingForm(of: set, appendingRangesTo: &ranges))
        }
        return RegexProgram(
            instructions: compiler.instructions, classes: classes, classRanges: ranges,
            isAnchoredAtStart: tree.isAnchoredAtStart, caseInsensitive: lowercasesInput)
    }

    // MARK: - Size

    /// The number of instructions `emit` produces for `node`, saturating at `cap + 1`.
    private static func size(of node: RegexNode, cap: Int) -> Int {
        let over = cap + 1
        func add(_ a: Int, _ b: Int) -> Int { Swift.min(a + b, over) }
        func multiply(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? over : Swift.min(product, over)
        }
        switch node {
        case .empty:
            return 0
        case .scalar, .anyExceptNewline, .scalarClass, .assertion:
            return 1
        case .concatenation(let items):
            return items.reduce(0) { add($0, size(of: $1, cap: cap)) }
        case .alternation(let branches):
            // A split and a jump for every branch but the last.
            let body = branches.reduce(0) { add($0, size(of: $1, cap: cap)) }
            return add(body, multiply(2, branches.count - 1))
        case .repetition(let inner, let min, let max):
            let one = size(of: inner, cap: cap)
            guard let max else {
                // e* is split, e, jump; e{n,} is n copies then a split back into the last.
                return min == 0 ? add(one, 2) : add(multiply(min, one), 1)
            }
            // n copies, then max - n optional copies each behind a split.
            return add(multiply(min, one), multiply(max - min, add(one, 1)))
        }
    }

    // MARK: - Emission

    @discardableResult
    private mutating func append(_ instruction: RegexInstruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }

    private var next: Int32 { Int32(instructions.count) }

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .scalar(let value):
            append(.scalar(value))
        case .anyExceptNewline:
            append(.anyExceptNewline)
        case .scalarClass(let index):
            append(.scalarClass(Int32(index)))
        case .assertion(let assertion):
            append(.assertion(assertion))
        case .concatenation(let items):
            for item in items { emit(item) }
        case .alternation(let branches):
            var exits: [Int] = []
            for branch in branches.dropLast() {
                let split = append(.split(next + 1, 0))
                emit(branch)
                exits.append(append(.jump(0)))
                instructions[split] = .split(Int32(split) + 1, next)
            }
            emit(branches[branches.count - 1])
            for exit in exits { instructions[exit] = .jump(next) }
        case .repetition(let inner, let min, let max):
            emitRepetition(of: inner, min: min, max: max)
        }
    }

    private mutating func emitRepetition(of inner: RegexNode, min: Int, max: Int?) {
        guard let max else {
            if min == 0 {
                let loop = append(.split(0, 0))
                emit(inner)
                append(.jump(Int32(loop)))
                instructions[loop] = .split(Int32(loop) + 1, next)
            } else {
                for _ in 0..<(min - 1) { emit(inner) }
                let body = next
                emit(inner)
                append(.split(body, next + 1))
            }
            return
        }
        for _ in 0..<min { emit(inner) }
        // Nested optional copies: each split may skip straight to the end.
        var skips: [Int] = []
        for _ in 0..<(max - min) {
            skips.append(append(.split(0, 0)))
            emit(inner)
        }
        for skip in skips { instructions[skip] = .split(Int32(skip) + 1, next) }
    }

    // MARK: - Classes

    /// The bitmap-and-ranges form of `set`, appending its non-ASCII ranges to `ranges`.
    private static func matchingForm(
        of set: RegexScalarSet, appendingRangesTo ranges: inout ContiguousArray<RegexScalarRange>
    ) -> RegexClass {
        var result = RegexClass()
        result.rangesStart = Int32(ranges.count)
        for range in set.ranges {
            var value = range.lowerBound
            while value <= range.upperBound && value < 128 {
                if value < 64 {
                    result.asciiLow |= 1 << UInt64(value)
                } else {
                    result.asciiHigh |= 1 << UInt64(value - 64)
                }
                value += 1
            }
            if range.upperBound >= 128 {
                ranges.append(RegexScalarRange(lowerBound: Swift.max(range.lowerBound, 128), upperBound: range.upperBound))
            }
        }
        result.rangesEnd = Int32(ranges.count)
        return result
    }
}
