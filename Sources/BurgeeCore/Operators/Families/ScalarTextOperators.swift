/// Operators on a scalar's text (``ScalarText``: a string as it is, `true`/`false`, a number in
/// positional shortest form): membership in a list of strings, and regular expressions.
///
/// Strings, the common case, build nothing. Membership of a number or a boolean is decided from
/// values prepared when compiling (the numbers whose text is in the list), so only a regular
/// expression tested on a number builds that number's text.
package enum ScalarTextOperator {
    /// What a scalar's text is tested for.
    package enum Test: Sendable {
        /// Its text equals one of the strings.
        case oneOf(Members)
        /// One of the expressions matches somewhere in its text.
        case matches([PortableRegex])
    }

    /// A list of strings arranged for scalars: the strings, the bit patterns of the numbers whose
    /// text is one of them, and the booleans likewise.
    package struct Members: Sendable {
        let strings: KeySet
        let numbers: [UInt64]
        let numberSet: Set<UInt64>
        let hasTrue: Bool
        let hasFalse: Bool

        /// The members `strings`.
        package init(_ strings: [String]) {
            self.strings = KeySet(strings)
            var numbers: [UInt64] = []
            for s in strings {
                // A number matches a string only if the string is exactly that number's text.
                if let n = Double(s), ScalarText.number(n) == s { numbers.append(n.bitPattern) }
            }
            if numbers.count > ValueSet.scanLimit {
                numberSet = Set(numbers)
                self.numbers = []
            } else {
                numberSet = []
                self.numbers = numbers
            }
            hasTrue = strings.contains("true")
            hasFalse = strings.contains("false")
        }

        @inline(__always)
        func contains(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let s): return strings.count > 0 && strings.contains(s)
            case .bool(let b): return b ? hasTrue : hasFalse
            case .number(let n):
                let bits = n.doubleValue.bitPattern
                if !numberSet.isEmpty { return numberSet.contains(bits) }
                for candidate in numbers where candidate == bits { return true }
                return false
            case .null, .array, .object: return false
            }
        }
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ test: Test) -> Bool {
        switch test {
        case .oneOf(let members): return members.contains(value)
        case .matches(let regexes):
            if case .string(let s) = value {
                for regex in regexes where regex.matches(s) { return true }
                return false
            }
            guard let text = ScalarText.text(of: value) else { return false }
            for regex in regexes where regex.matches(text) { return true }
            return false
        }
    }
}
