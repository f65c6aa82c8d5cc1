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
        .string(test, OperandParser(path: path).parse(values, "a string", &r) {
            $0.stringValue.map { lowercase ? $0.lowercased() : $0 }
        })
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ test: Test, _ operands: [String]) -> Bool {
        guard case .string(let s) = value else { return false }
        switch test {
        case .prefix:
            for prefix in operands where s.utf8.starts(with: prefix.utf8) { return true }
        case .suffix:
            let utf8 = s.utf8
            for suffix in operands where utf8.count >= suffix.utf8.count && utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
                return true
            }
        case .substring:
            for needle in operands where UTF8Search.contains(s, needle) { return true }
        }
        return false
    }
}

extension StringOperator {
    /// ``matches(_:_:_:)`` for a string given as UTF-8 bytes (a lowercased attribute).
    static func matches(bytes s: UnsafeRawBufferPointer, _ test: Test, _ operands: [String]) -> Bool {
        for operand in operands {
            var operand = operand
            let found = operand.withUTF8 { o -> Bool in
                let o = UnsafeRawBufferPointer(o)
                guard o.count <= s.count else { return false }
                switch test {
                case .prefix:
                    return ExactString.equal(UnsafeRawBufferPointer(rebasing: s[0..<o.count]), o)
                case .suffix:
                    return ExactString.equal(UnsafeRawBufferPointer(rebasing: s[(s.count - o.count)...]), o)
                case .substring:
                    return UTF8Search.contains(s, o)
                }
            }
            if found { return true }
        }
        return false
    }
}

/// Substring search on UTF-8 bytes. Searching bytes finds exactly the scalar-sequence matches,
/// because UTF-8 never starts a scalar inside another.
enum UTF8Search {
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in contains(UnsafeRawBufferPointer(h), UnsafeRawBufferPointer(n)) }
        }
    }

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
