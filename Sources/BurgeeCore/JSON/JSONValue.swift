/// A JSON value: the one type behind variation values, variables, context attributes and clause values.
///
/// Numbers are ``JSONNumber``s: an integer written without a fraction keeps its exact 64-bit value,
/// and `1` and `1.0` are still the same value, as JSON equality requires.
/// Strings compare by Unicode scalars (their UTF-8 bytes), without canonical normalisation, unlike
/// Swift's `String ==`: definitions from any other SDK must compare the same way here.
public enum JSONValue: Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number: an exact 64-bit integer or a double, as it was written.
    case number(JSONNumber)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object. Key order is not kept; writers sort keys for deterministic output.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The string, if this is a string.
    @inlinable
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A number held as a double.
    @inlinable
    public static func number(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

    /// A number held as an exact integer.
    @inlinable
    public static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// A number held as an exact integer.
    @inlinable
    public static func number(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

    /// The number as a double, if this is a number (an integer beyond 2^53 is rounded: see
    /// ``int64Value`` for its exact value).
    @inlinable
    public var numberValue: Double? {
        if case .number(let n) = self { return n.doubleValue }
        return nil
    }

    /// The Boolean, if this is a Boolean.
    @inlinable
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, if this is an array.
    @inlinable
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, if this is an object.
    @inlinable
    public var objectValue: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Whether this is `null`.
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The number as a signed 64-bit integer, if it is integral and in range (exact for an
    /// integer written as one, even beyond 2^53).
    @inlinable
    public var int64Value: Int64? {
        guard case .number(let n) = self else { return nil }
        return n.int64Value
    }

    /// The number as an `Int`, if it is integral and in range (no rounding, no truncation).
    @inlinable
    public var intValue: Int? {
        guard let n = int64Value else { return nil }
        return Int(exactly: n)
    }

    /// `n` as an `Int64` when it has no fractional part and lies within the signed 64-bit range.
    @inlinable
    public static func exactInt64(_ n: Double) -> Int64? {
        // 2^63 is exactly representable; anything >= it overflows Int64.
        guard n.isFinite, n.rounded(.towardZero) == n, n >= -9_223_372_036_854_775_808.0,
              n < 9_223_372_036_854_775_808.0 else { return nil }
        return Int64(n)
    }

    /// This value with every number in it held as a double (``JSONNumber/asDouble``), as an engine
    /// that reads every JSON number as a double holds it.
    package var withNumbersAsDoubles: JSONValue {
        switch self {
        case .null, .bool, .string: return self
        case .number(let n): return .number(n.asDouble)
        case .array(let elements): return .array(elements.map(\.withNumbersAsDoubles))
        case .object(let members): return .object(members.mapValues(\.withNumbersAsDoubles))
        }
    }

    /// `n` as an `Int64` when it is integral and in range, however it was written.
    @inlinable
    public static func exactInt64(_ n: JSONNumber) -> Int64? { n.int64Value }

    /// The JSON type name, for messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: Equatable {
    /// JSON equality: numbers by value, strings by Unicode scalars, arrays in order, objects by members.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return ExactString.bytesEqual(a, b)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (k, v) in a {
                guard let w = b[k], v == w else { return false }
            }
            return true
        default: return false
        }
    }
}

extension JSONValue: Hashable {
    /// Hashes consistently with `==`: numbers by value (`-0` as `0`, `1.0` as `1`), strings by UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b): hasher.combine(1 as UInt8); hasher.combine(b)
        case .number(let n): hasher.combine(2 as UInt8); hasher.combine(n)
        case .string(let s):
            hasher.combine(3 as UInt8)
            for byte in s.utf8 { hasher.combine(byte) }
        case .array(let a):
            hasher.combine(4 as UInt8); hasher.combine(a.count)
            for v in a { v.hash(into: &hasher) }
        case .object(let o):
            // Order-independent: combine the members' hashes commutatively.
            hasher.combine(5 as UInt8); hasher.combine(o.count)
            var sum = 0
            for (k, v) in o {
                var h = Hasher()
                h.combine(k)
                v.hash(into: &h)
                sum = sum &+ h.finalize()
            }
            hasher.combine(sum)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An exact integer.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A double.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value from a single-value container.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int64.self) { self = .number(JSONNumber(i)) }
        else if let n = try? c.decode(Double.self) { self = .number(JSONNumber(n)) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else if let o = try? c.decode([String: JSONValue].self) { self = .object(o) }
        else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "Not a JSON value")
        }
    }

    /// Encodes the value into a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n):
            if let i = n.integerValue { try c.encode(i) } else { try c.encode(n.doubleValue) }
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
