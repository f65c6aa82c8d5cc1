/// `in`: JSON equality with any of the operand values (`1` equals `1.0`, `true` never equals
/// `1`, strings by Unicode scalars).
enum EqualityOperator {
    static func parse(_ values: [JSONValue], lowercase: Bool) -> Operator {
        .equality(ValueSet(values, lowercased: lowercase))
    }
}

/// The values of an `in` test, arranged for lookup by JSON equality.
///
/// Strings are hashed once at compile time into a ``KeySet`` (looked up by bytes, so a lowercased
/// attribute need not become a `String`); short number lists are scanned, long ones hashed.
///
/// A class, immutable: a test that reads its operator copies one reference, where a struct of
/// four references cost four retains and four releases per test.
package final class ValueSet: Sendable {
    /// Number lists up to this long are scanned rather than hashed.
    static let scanLimit = 8

    private let strings: KeySet
    private let numbers: [Double]
    private let numberSet: Set<Double>
    private let hasTrue: Bool
    private let hasFalse: Bool
    /// Whether `null` is a value: it matches a `null` element of an array attribute (a `null`
    /// attribute itself counts as absent and never reaches the set).
    private let hasNull: Bool
    /// Arrays and objects: compared by full JSON equality.
    private let composites: [JSONValue]

    init(_ values: [JSONValue], lowercased: Bool) {
        var strings: [String] = []
        var numbers: [Double] = []
        var hasTrue = false, hasFalse = false, hasNull = false
        var composites: [JSONValue] = []
        for value in values {
            switch value {
            case .string(let s): strings.append(lowercased ? s.lowercased() : s)
            case .number(let number): let n = number.doubleValue; numbers.append(n == 0 ? 0 : n)
            case .bool(let b): if b { hasTrue = true } else { hasFalse = true }
            case .null: hasNull = true
            case .array, .object: composites.append(value)
            }
        }
        self.strings = KeySet(strings)
        if numbers.count > Self.scanLimit {
            numberSet = Set(numbers)
            self.numbers = []
        } else {
            numberSet = []
            self.numbers = numbers
        }
        self.hasTrue = hasTrue
        self.hasFalse = hasFalse
        self.hasNull = hasNull
        self.composites = composites
    }

    /// Whether `value` equals one of the values; `value` must already be lowercased when the set is.
    func contains(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s):
            return strings.count > 0 && strings.contains(s)
        case .number(let number):
            let n = number.doubleValue
            if !numberSet.isEmpty { return numberSet.contains(n == 0 ? 0 : n) }
            for candidate in numbers where candidate == n { return true }
            return false
        case .bool(let b):
            return b ? hasTrue : hasFalse
        case .null:
            return hasNull
        case .array, .object:
            for candidate in composites where candidate == value { return true }
            return false
        }
    }
}

extension ValueSet {
    /// Whether the string with these UTF-8 bytes is one of the values.
    @inline(__always)
    func contains(stringBytes bytes: UnsafeRawBufferPointer) -> Bool {
        strings.count > 0 && strings.contains(bytes: bytes)
    }
}
