/// JsonLogic's reading of JSON values, as JavaScript (which JsonLogic is defined by) reads them:
/// truthiness, loose and strict equality, ordering, and conversions to numbers and text.
///
/// Everything here answers for strings, numbers, Booleans and `null` without allocating; only an
/// array or object that must become text (JavaScript's `ToPrimitive`) builds a string.
enum JsonLogicValues {
    /// JsonLogic's truthiness: `null`, `false`, `0`, `NaN`, `""` and `[]` are false; everything
    /// else (objects included) is true.
    @inline(__always)
    static func truthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let b): return b
        case .number(let n): return n.doubleValue != 0 && !n.doubleValue.isNaN
        case .string(let s): return !s.utf8.isEmpty
        case .array(let a): return !a.isEmpty
        case .object: return true
        }
    }

    /// JavaScript's `==`: `null` equals only `null`; a Boolean compares as 0 or 1; a number and a
    /// string compare as numbers; an array or object compares with a primitive as its text, and
    /// never equals another array or object (they would be distinct references).
    static func looseEquals(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.number(let x), .number(let y)): return x.doubleValue == y.doubleValue
        case (.string(let x), .string(let y)): return ExactString.bytesEqual(x, y)
        case (.bool(let x), .bool(let y)): return x == y
        case (.bool(let x), _): return looseEquals(.number(x ? 1 : 0), b)
        case (_, .bool(let y)): return looseEquals(a, .number(y ? 1 : 0))
        case (.number(let x), .string(let s)): return x.doubleValue == number(ofText: s)
        case (.string(let s), .number(let y)): return number(ofText: s) == y.doubleValue
        case (.array, .array), (.array, .object), (.object, .array), (.object, .object): return false
        case (.array, _), (.object, _): return looseEquals(.string(text(of: a)), b)
        case (_, .array), (_, .object): return looseEquals(a, .string(text(of: b)))
        }
    }

    /// JavaScript's `===`: same type and value; arrays and objects are never strictly equal.
    static func strictEquals(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.number(let x), .number(let y)): return x.doubleValue == y.doubleValue
        case (.string(let x), .string(let y)): return ExactString.bytesEqual(x, y)
        case (.bool(let x), .bool(let y)): return x == y
        default: return false
        }
    }

    /// How two values order under JavaScript's relational operators.
    enum Order {
        case less, equal, greater, unordered
    }

    /// JavaScript's abstract relational comparison: two strings (or arrays, as text) compare by
    /// UTF-8 bytes; anything else compares as numbers, `NaN` being unordered.
    static func order(_ a: JSONValue, _ b: JSONValue) -> Order {
        let pa = primitive(a), pb = primitive(b)
        if case .string(let x) = pa, case .string(let y) = pb {
            var cx = x, cy = y
            let c = cx.withUTF8 { bx in cy.withUTF8 { by in compare(bx, by) } }
            return c < 0 ? .less : (c > 0 ? .greater : .equal)
        }
        let x = number(of: pa), y = number(of: pb)
        if x < y { return .less }
        if x > y { return .greater }
        if x == y { return .equal }
        return .unordered
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(a.count, b.count)
        for i in 0..<n where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// JavaScript's `ToPrimitive`: arrays and objects become their text, the rest stays.
    @inline(__always)
    static func primitive(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array, .object: return .string(text(of: value))
        default: return value
        }
    }

    /// JavaScript's `ToNumber`: `null` → 0, Booleans → 0 or 1, strings by ``number(ofText:)``,
    /// arrays through their text, objects → `NaN`.
    static func number(of value: JSONValue) -> Double {
        switch value {
        case .null: return 0
        case .bool(let b): return b ? 1 : 0
        case .number(let n): return n.doubleValue
        case .string(let s): return number(ofText: s)
        case .array: return number(ofText: text(of: value))
        case .object: return .nan
        }
    }

    /// JavaScript's `ToNumber` of a string: surrounding white space ignored, empty → 0, decimal
    /// literals, `0x`/`0o`/`0b` integers and `Infinity`; anything else → `NaN`.
    static func number(ofText text: String) -> Double {
        var s = Substring(text)
        while let c = s.unicodeScalars.first, isSpace(c) { s = s.dropFirst() }
        while let c = s.unicodeScalars.last, isSpace(c) { s = s.dropLast() }
        if s.isEmpty { return 0 }
        switch s {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        let utf8 = Array(s.utf8)
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
            let radix: UInt64?
            switch utf8[1] {
            case UInt8(ascii: "x"), UInt8(ascii: "X"): radix = 16
            case UInt8(ascii: "o"), UInt8(ascii: "O"): radix = 8
            case UInt8(ascii: "b"), UInt8(ascii: "B"): radix = 2
            default: radix = nil
            }
            if let radix {
                var value: Double = 0
                for byte in utf8.dropFirst(2) {
                    guard let digit = hexDigit(byte), UInt64(digit) < radix else { return .nan }
                    value = value * Double(radix) + Double(digit)
                }
                return value
            }
        }
        guard decimalPrefixLength(utf8) == utf8.count else { return .nan }
        return Double(String(s)) ?? .nan
    }

    /// JavaScript's `parseFloat`, which JsonLogic's `+` and `*` use: the longest decimal prefix
    /// after leading white space, else `NaN`. Non-strings are read through their text.
    static func parseFloat(_ value: JSONValue) -> Double {
        switch value {
        case .number(let n): return n.doubleValue
        case .null, .bool, .object: return .nan
        case .string, .array:
            let t = text(of: value)
            var s = Substring(t)
            while let c = s.unicodeScalars.first, isSpace(c) { s = s.dropFirst() }
            if s.hasPrefix("Infinity") || s.hasPrefix("+Infinity") { return .infinity }
            if s.hasPrefix("-Infinity") { return -.infinity }
            let utf8 = Array(s.utf8)
            let n = decimalPrefixLength(utf8)
            guard n > 0, let d = Double(String(decoding: utf8[0..<n], as: UTF8.self)) else { return .nan }
            return d
        }
    }

    /// The length of the longest prefix that is a decimal literal (`-1.5e3`, `.5`, `5.`); 0 if none.
    private static func decimalPrefixLength(_ b: [UInt8]) -> Int {
        var i = 0
        if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < b.count, isDigit(b[i]) { i += 1; digits += 1 }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            var j = i + 1, fraction = 0
            while j < b.count, isDigit(b[j]) { j += 1; fraction += 1 }
            if digits + fraction > 0 { i = j; digits += fraction }
        }
        guard digits > 0 else { return 0 }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < b.count, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") { j += 1 }
            var exponent = 0
            while j < b.count, isDigit(b[j]) { j += 1; exponent += 1 }
            if exponent > 0 { i = j }
        }
        return i
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private static func hexDigit(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    /// JavaScript's `String(value)`: `null` → `"null"`, numbers as JavaScript writes them,
    /// arrays joined with `,` (their `null` elements empty), objects → `"[object Object]"`.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return numberText(n.doubleValue)
        case .string(let s): return s
        case .array(let elements):
            var out = ""
            for (i, e) in elements.enumerated() {
                if i > 0 { out += "," }
                if !e.isNull { out += text(of: e) }
            }
            return out
        case .object: return "[object Object]"
        }
    }

    /// A number as JavaScript writes it: integers without a fraction, `NaN`, `Infinity`.
    static func numberText(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == 0 { return "0" }
        if let i = JSONValue.exactInt64(n), abs(n) < 1e21 { return String(i) }
        return n.description
    }
}
