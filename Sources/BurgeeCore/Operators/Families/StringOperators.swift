/// `startsWith`, `endsWith`, `contains`: byte-wise on UTF-8, so strings compare by Unicode
/// scalars without normalisation.
package enum StringOperator {
    /// Which string test.
    package enum Test: Sendable {
        case prefix, suffix, substring
    }

    /// The operator with its string operands (lowercased when case-insensitive).
    static func parse(_ test: Test, _ values: [JSONValue], lowercase: Bool, at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        .string(test, StringOperands(OperandParser(path: path).parse(values, "a string", &r) {
            $0.stringValue.map { lowercase ? $0.lowercased() : $0 }
        }))
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ test: Test, _ operands: StringOperands) -> Bool {
        guard case .string(var s) = value else { return false }
        return s.withUTF8 { matches(bytes: UnsafeRawBufferPointer($0), test, operands) }
    }

    /// Whether the string with these UTF-8 bytes passes the test against any operand.
    @inline(__always)
    static func matches(bytes s: UnsafeRawBufferPointer, _ test: Test, _ operands: StringOperands) -> Bool {
        operands.bytes.withUnsafeBytes { arena in
            // By index: iterating the array would retain it, and it is shared by every thread.
            for i in operands.ranges.indices {
                let o = UnsafeRawBufferPointer(rebasing: arena[operands.ranges[i]])
                guard o.count <= s.count else { continue }
                let found: Bool
                switch test {
                case .prefix: found = ExactString.equal(UnsafeRawBufferPointer(rebasing: s[0..<o.count]), o)
                case .suffix: found = ExactString.equal(UnsafeRawBufferPointer(rebasing: s[(s.count - o.count)...]), o)
                case .substring: found = UTF8Search.contains(s, o)
                }
                if found { return true }
            }
            return false
        }
    }
}

/// String operands as one run of UTF-8 bytes with each operand's range: matching reads them in
/// place, with no `String` to copy (a copy would write a shared reference count).
package struct StringOperands: Sendable {
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    init(_ strings: [String]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for string in strings {
            let start = bytes.count
            bytes += string.utf8
            ranges.append(start..<bytes.count)
        }
        self.bytes = bytes
        self.ranges = ranges
    }
}

/// Substring search on UTF-8 bytes. Searching bytes finds exactly the scalar-sequence matches,
/// because UTF-8 never starts a scalar inside another.
enum UTF8Search {
    static func contains(_ h: UnsafeRawBufferPointer, _ n: UnsafeRawBufferPointer) -> Bool {
        if n.isEmpty { return true }
        guard h.count >= n.count else { return false }
        let first = n[0]
        var i = 0
        let last = h.count - n.count
        while i <= last {
            if h[i] == first {
                var j = 1
                while j < n.count && h[i + j] == n[j] { j += 1 }
                if j == n.count { return true }
            }
            i += 1
        }
        return false
    }
}
