/// A strict RFC 8259 JSON parser producing ``JSONValue``.
///
/// The input must be exactly one JSON value, optionally surrounded by space, tab, LF or CR. There
/// are no extensions: no comments, trailing commas, leading zeros, `+1`, `.5`, `1.`, `NaN` or
/// `Infinity`. Strings must be valid UTF-8 without raw control characters, and `\u` escapes must
/// pair surrogates correctly.
///
/// When an object repeats a key, the last member wins, as in most JSON implementations.
///
/// Nesting is handled with an explicit stack rather than recursion, so hostile input cannot
/// exhaust the call stack whatever ``JSONLimits/maxDepth`` is set to.
package struct JSONParser: Sendable {
    /// Resource limits checked while parsing.
    package typealias Limits = JSONLimits

    /// The limits this parser enforces.
    package var limits: Limits

    /// Creates a parser enforcing `limits`.
    package init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Parses UTF-8 bytes in place, without copying them.
    package func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else { throw Self.tooLarge }
        let result = bytes.withMemoryRebound(to: UInt8.self) { parseResult($0) }
        return try result.get()
    }

    /// Parses UTF-8 bytes.
    package func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else { throw Self.tooLarge }
        let result = bytes.withUnsafeBufferPointer { parseResult($0) }
        return try result.get()
    }

    /// Parses a string's UTF-8 encoding.
    package func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        guard text.utf8.count <= limits.maxBytes else { throw Self.tooLarge }
        var text = text
        // withUTF8 makes bridged or non-contiguous strings contiguous, then lends the bytes.
        let result = text.withUTF8 { parseResult($0) }
        return try result.get()
    }

    private static var tooLarge: JSONParseError {
        JSONParseError(kind: .tooLarge, offset: 0, line: 1, column: 1)
    }

    // The standard library's buffer helpers are `rethrows`, which erases the typed error, so the
    // error crosses them inside a Result instead.
    private func parseResult(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
        var cursor = Cursor(buffer, maxDepth: limits.maxDepth)
        do throws(JSONParseError) {
            return .success(try cursor.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}

extension JSONValue {
    /// Parses `text` with the default ``JSONLimits``.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser().parse(text)
    }

    /// Parses UTF-8 `bytes` with the default ``JSONLimits``.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        self = try JSONParser().parse(bytes)
    }
}

// MARK: - Cursor

extension JSONParser {
    /// One parse over borrowed bytes. It never outlives the buffer closure that creates it.
    private struct Cursor {
        /// A container still being filled; its members sit on the shared stacks from these starts.
        private struct Frame {
            var isObject: Bool
            var valueStart: Int
            var keyStart: Int
        }

        private let buffer: UnsafeBufferPointer<UInt8>
        private let end: Int
        private let maxDepth: Int
        private var index = 0
        /// Reused for strings with escapes, so decoding them allocates only the result.
        private var scratch: [UInt8] = []

        init(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.buffer = buffer
            self.end = buffer.count
            self.maxDepth = maxDepth
        }

        mutating func parseDocument() throws(JSONParseError) -> JSONValue {
            skipWhitespace()
            guard index < end else { throw error(.empty, at: end) }
            let value = try parseValueTree()
            skipWhitespace()
            guard index == end else { throw error(.trailingContent, at: index) }
            return value
        }

        // MARK: Structure

        /// Parses one value, iterating rather than recursing over nested containers.
        ///
        /// Members of open containers accumulate on two shared stacks and are moved into an
        /// exactly sized array or dictionary when the container closes, which avoids regrowing
        /// every container as it fills.
        private mutating func parseValueTree() throws(JSONParseError) -> JSONValue {
            var frames: [Frame] = []
            var values: [JSONValue] = []
            var keys: [String] = []
            var value: JSONValue

            while true {
                // Here `index` is at the first byte of a value, whitespace already skipped.
                guard index < end else { throw error(.unexpectedEnd, at: end) }
                switch buffer[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    value = .string(try parseString())
                case UInt8(ascii: "{"):
                    guard frames.count < maxDepth else { throw error(.tooDeep, at: index) }
                    index += 1
                    skipWhitespace()
                    if index < end && buffer[index] == UInt8(ascii: "}") {
                        index += 1
                        value = .object([:])
                    } else {
                        frames.append(Frame(isObject: true, valueStart: values.count, keyStart: keys.count))
                        keys.append(try parseKey())
                        continue
                    }
                case UInt8(ascii: "["):
                    guard frames.count < maxDepth else { throw error(.tooDeep, at: index) }
                    index += 1
                    skipWhitespace()
                    if index < end && buffer[index] == UInt8(ascii: "]") {
                        index += 1
                        value = .array([])
                    } else {
                        frames.append(Frame(isObject: false, valueStart: values.count, keyStart: keys.count))
                        continue
                    }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    value = .number(try parseNumber())
                case UInt8(ascii: "t"):
                    try expectLiteral("true")
                    value = .bool(true)
                case UInt8(ascii: "f"):
                    try expectLiteral("false")
                    value = .bool(false)
                case UInt8(ascii: "n"):
                    try expectLiteral("null")
                    value = .null
                case UInt8(ascii: "+"), UInt8(ascii: "."):
                    // Clearly meant as a number (`+1`, `.5`), so say so.
                    throw error(.invalidNumber, at: index)
                default:
                    throw error(.unexpectedCharacter, at: index)
                }

                // Hand the finished value to its container, closing every container that ends here.
                while true {
                    guard let frame = frames.last else { return value }
                    values.append(value)
                    skipWhitespace()
                    guard index < end else { throw error(.unexpectedEnd, at: end) }
                    let byte = buffer[index]
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        if frame.isObject { keys.append(try parseKey()) }
                        break
                    }
                    guard byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                        throw error(.unexpectedCharacter, at: index)
                    }
                    index += 1
                    frames.removeLast()
                    value = frame.isObject
                        ? .object(Self.takeObject(keys: &keys, from: frame.keyStart, values: &values, from: frame.valueStart))
                        : .array(Self.takeArray(&values, from: frame.valueStart))
                }
            }
        }

        /// Moves `values[start...]` into a new array and drops them from the stack.
        ///
        /// Moving rather than copying saves a retain and a release per element, a large share of
        /// the parse time for documents made of many small containers.
        private static func takeArray(_ values: inout [JSONValue], from start: Int) -> [JSONValue] {
            let count = values.count - start
            let array = [JSONValue](unsafeUninitializedCapacity: count) { target, initialized in
                values.withUnsafeMutableBufferPointer { stack in
                    let source = stack.baseAddress! + start
                    target.baseAddress!.moveInitialize(from: source, count: count)
                    // Refill the vacated slots with a trivial value so removing them releases nothing.
                    source.initialize(repeating: .null, count: count)
                }
                initialized = count
            }
            values.removeLast(count)
            return array
        }

        /// Moves the members on the stacks into an exactly sized dictionary; a repeated key keeps
        /// its last value.
        private static func takeObject(
            keys: inout [String], from keyStart: Int, values: inout [JSONValue], from valueStart: Int
        ) -> [String: JSONValue] {
            let count = values.count - valueStart
            var object = [String: JSONValue](minimumCapacity: count)
            keys.withUnsafeMutableBufferPointer { keyStack in
                values.withUnsafeMutableBufferPointer { valueStack in
                    let keySource = keyStack.baseAddress! + keyStart
                    let valueSource = valueStack.baseAddress! + valueStart
                    for j in 0..<count {
                        object[(keySource + j).move()] = (valueSource + j).move()
                    }
                    keySource.initialize(repeating: "", count: count)
                    valueSource.initialize(repeating: .null, count: count)
                }
            }
            keys.removeLast(count)
            values.removeLast(count)
            return object
        }

        /// Parses `"key"` and the `:` after it, leaving `index` at the member's value.
        private mutating func parseKey() throws(JSONParseError) -> String {
            guard index < end else { throw error(.unexpectedEnd, at: end) }
            guard buffer[index] == UInt8(ascii: "\"") else { throw error(.unexpectedCharacter, at: index) }
            index += 1
            let key = try parseString()
            skipWhitespace()
            guard index < end else { throw error(.unexpectedEnd, at: end) }
            guard buffer[index] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter, at: index) }
            index += 1
            skipWhitespace()
            return key
        }

        @inline(__always)
        private mutating func skipWhitespace() {
            while index < end {
                let byte = buffer[index]
                // Everything above space is significant; test that first.
                guard byte <= 0x20,
                      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
            let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            for expected in bytes {
                guard index < end else { throw error(.unexpectedEnd, at: end) }
                guard buffer[index] == expected else { throw error(.unexpectedCharacter, at: index) }
                index += 1
            }
        }

        // MARK: Strings

        /// Parses a string body; `index` is just past the opening quote.
        private mutating func parseString() throws(JSONParseError) -> String {
            let start = index
            var i = index
            while i < end {
                let byte = buffer[i]
                if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                    i += 1
                } else if byte == UInt8(ascii: "\"") {
                    index = i + 1
                    return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self)
                } else if byte >= 0x80 {
                    i += try utf8SequenceLength(at: i)
                } else if byte == UInt8(ascii: "\\") {
                    index = i
                    return try parseEscapedString(from: start)
                } else {
                    throw error(.controlCharacterInString, at: i)
                }
            }
            throw error(.unexpectedEnd, at: end)
        }

        /// The slow path, once a backslash appears at `index`: decode into `scratch`.
        private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
            scratch.removeAll(keepingCapacity: true)
            var runStart = start
            var i = index
            while i < end {
                let byte = buffer[i]
                if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                    i += 1
                } else if byte == UInt8(ascii: "\"") {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<i]))
                    index = i + 1
                    return String(decoding: scratch, as: UTF8.self)
                } else if byte >= 0x80 {
                    i += try utf8SequenceLength(at: i)
                } else if byte == UInt8(ascii: "\\") {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<i]))
                    i = try decodeEscape(at: i)
                    runStart = i
                } else {
                    throw error(.controlCharacterInString, at: i)
                }
            }
            throw error(.unexpectedEnd, at: end)
        }

        /// Appends the escape starting with the backslash at `at` to `scratch`; returns the index after it.
        private mutating func decodeEscape(at backslash: Int) throws(JSONParseError) -> Int {
            let i = backslash + 1
            guard i < end else { throw error(.unexpectedEnd, at: end) }
            let simple: UInt8
            switch buffer[i] {
            case UInt8(ascii: "\""): simple = 0x22
            case UInt8(ascii: "\\"): simple = 0x5C
            case UInt8(ascii: "/"): simple = 0x2F
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"):
                let unit = try hex4(at: i + 1, escapeAt: backslash)
                var next = i + 5
                var scalar = UInt32(unit)
                if unit >= 0xD800 && unit <= 0xDBFF {
                    // A high surrogate counts only when a low one follows at once, as `\uDC00`-`\uDFFF`.
                    guard next + 1 < end, buffer[next] == UInt8(ascii: "\\"), buffer[next + 1] == UInt8(ascii: "u")
                    else { throw error(.invalidUnicode, at: backslash) }
                    let low = try hex4(at: next + 2, escapeAt: next)
                    guard low >= 0xDC00 && low <= 0xDFFF else { throw error(.invalidUnicode, at: backslash) }
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    next += 6
                } else if unit >= 0xDC00 && unit <= 0xDFFF {
                    throw error(.invalidUnicode, at: backslash)
                }
                appendUTF8(scalar)
                return next
            default:
                throw error(.invalidEscape, at: backslash)
            }
            scratch.append(simple)
            return i + 1
        }

        /// Reads the four hex digits of a `\u` escape.
        private func hex4(at start: Int, escapeAt backslash: Int) throws(JSONParseError) -> UInt16 {
            var unit: UInt16 = 0
            for i in start..<start + 4 {
                guard i < end else { throw error(.unexpectedEnd, at: end) }
                let byte = buffer[i]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error(.invalidEscape, at: backslash)
                }
                unit = unit << 4 | UInt16(digit)
            }
            return unit
        }

        private mutating func appendUTF8(_ scalar: UInt32) {
            switch scalar {
            case ..<0x80:
                scratch.append(UInt8(scalar))
            case ..<0x800:
                scratch.append(UInt8(0xC0 | scalar >> 6))
                scratch.append(UInt8(0x80 | scalar & 0x3F))
            case ..<0x10000:
                scratch.append(UInt8(0xE0 | scalar >> 12))
                scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | scalar & 0x3F))
            default:
                scratch.append(UInt8(0xF0 | scalar >> 18))
                scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | scalar & 0x3F))
            }
        }

        /// The length of the well-formed UTF-8 sequence whose lead byte (>= 0x80) is at `i`.
        ///
        /// Follows Unicode's table of well-formed sequences, so overlong forms, encoded
        /// surrogates and values past U+10FFFF are all rejected.
        private func utf8SequenceLength(at i: Int) throws(JSONParseError) -> Int {
            guard let length = Self.wellFormedLength(buffer, at: i) else {
                // Running out mid-sequence is still malformed text, not a truncated document.
                throw error(.invalidUnicode, at: i)
            }
            return length
        }

        private static func wellFormedLength(_ buffer: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
            let lead = buffer[i]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return nil
            }
            guard i + length <= buffer.count else { return nil }
            let second = buffer[i + 1]
            guard second >= low && second <= high else { return nil }
            for j in i + 2 ..< i + length where buffer[j] & 0xC0 != 0x80 { return nil }
            return length
        }

        // MARK: Numbers

        /// Exact powers of ten: every one up to 1e22 is representable in a Double.
        private static let powersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]

        /// Parses a number starting at `index` (a `-` or a digit).
        ///
        /// An integer without a fraction or an exponent that fits in 64 bits is kept exact; the
        /// rest are doubles.
        ///
        /// Validates the grammar while gathering up to 19 significant digits. When the digits fit
        /// in 53 bits and the decimal exponent is within ±22, one multiplication or division of
        /// exact values gives the correctly rounded result; anything else goes to the standard
        /// library's correctly rounded conversion.
        private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
            let start = index
            var i = index
            let negative = buffer[i] == UInt8(ascii: "-")
            if negative { i += 1 }

            var mantissa: UInt64 = 0
            var exactDigits = true  // false once a significant digit had to be dropped
            var decimalExponent = 0

            // Integer part: `0` or a non-zero digit followed by digits.
            guard i < end else { throw error(.unexpectedEnd, at: end) }
            var byte = buffer[i]
            if byte == UInt8(ascii: "0") {
                i += 1
                if i < end, Self.isDigit(buffer[i]) { throw error(.invalidNumber, at: i) }
            } else if Self.isDigit(byte) {
                repeat {
                    // Every digit that fits: an integer up to UInt64.max stays exact.
                    let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
                    if !o1 && !o2 {
                        mantissa = sum
                    } else {
                        exactDigits = false
                        decimalExponent += 1
                    }
                    i += 1
                    guard i < end else { break }
                    byte = buffer[i]
                } while Self.isDigit(byte)
            } else {
                throw error(.invalidNumber, at: i)
            }

            var isInteger = true
            // Fraction.
            if i < end && buffer[i] == UInt8(ascii: ".") {
                isInteger = false
                i += 1
                guard i < end else { throw error(.unexpectedEnd, at: end) }
                byte = buffer[i]
                guard Self.isDigit(byte) else { throw error(.invalidNumber, at: i) }
                repeat {
                    if mantissa < 1_000_000_000_000_000_000 {
                        mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                        decimalExponent -= 1
                    } else if byte != UInt8(ascii: "0") {
                        exactDigits = false
                    }
                    i += 1
                    guard i < end else { break }
                    byte = buffer[i]
                } while Self.isDigit(byte)
            }

            // Exponent.
            if i < end && (buffer[i] == UInt8(ascii: "e") || buffer[i] == UInt8(ascii: "E")) {
                isInteger = false
                i += 1
                guard i < end else { throw error(.unexpectedEnd, at: end) }
                var exponentNegative = false
                if buffer[i] == UInt8(ascii: "-") || buffer[i] == UInt8(ascii: "+") {
                    exponentNegative = buffer[i] == UInt8(ascii: "-")
                    i += 1
                    guard i < end else { throw error(.unexpectedEnd, at: end) }
                }
                byte = buffer[i]
                guard Self.isDigit(byte) else { throw error(.invalidNumber, at: i) }
                var exponent = 0
                repeat {
                    // Saturate: far beyond any Double, and safe from overflow.
                    if exponent < 100_000 { exponent = exponent * 10 + Int(byte &- UInt8(ascii: "0")) }
                    i += 1
                    guard i < end else { break }
                    byte = buffer[i]
                } while Self.isDigit(byte)
                decimalExponent += exponentNegative ? -exponent : exponent
            }
            index = i

            // `-0` stays a double: an integer has no negative zero.
            if isInteger && exactDigits && decimalExponent == 0 && !(negative && mantissa == 0) {
                // 2^63 fits as a negative number only.
                if mantissa <= UInt64(Int64.max) {
                    let magnitude = Int64(mantissa)
                    return JSONNumber(negative ? -magnitude : magnitude)
                }
                if negative && mantissa == UInt64(Int64.max) + 1 { return JSONNumber(Int64.min) }
                if !negative { return JSONNumber(mantissa) }
            }
            if exactDigits && mantissa <= 1 << 53 {
                if decimalExponent >= -22 && decimalExponent <= 22 {
                    let m = Double(mantissa)
                    let magnitude = decimalExponent >= 0
                        ? m * Self.powersOfTen[decimalExponent]
                        : m / Self.powersOfTen[-decimalExponent]
                    return JSONNumber(negative ? -magnitude : magnitude)
                }
            }
            // The grammar is already checked, so the text is a plain decimal the conversion accepts.
            let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self)
            guard let value = Double(text) else { throw error(.invalidNumber, at: start) }
            guard value.isFinite else { throw error(.numberOutOfRange, at: start) }
            return JSONNumber(value)
        }

        @inline(__always)
        private static func isDigit(_ byte: UInt8) -> Bool {
            byte &- UInt8(ascii: "0") < 10
        }

        // MARK: Errors

        /// Builds an error, working out line, column and the offending character only now.
        private func error(_ kind: JSONParseError.Kind, at offset: Int) -> JSONParseError {
            var line = 1
            var column = 1
            var i = 0
            while i < offset {
                let byte = buffer[i]
                if byte == 0x0A || (byte == 0x0D && (i + 1 >= end || buffer[i + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                    column += 1  // count lead bytes only, so a character is one column
                }
                i += 1
            }
            return JSONParseError(kind: kind, offset: offset, line: line, column: column, found: scalar(at: offset))
        }

        private func scalar(at offset: Int) -> Unicode.Scalar? {
            guard offset < end else { return nil }
            let lead = buffer[offset]
            if lead < 0x80 { return Unicode.Scalar(lead) }
            guard let length = Self.wellFormedLength(buffer, at: offset) else { return nil }
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for j in offset + 1 ..< offset + length {
                value = value << 6 | UInt32(buffer[j] & 0x3F)
            }
            return Unicode.Scalar(value)
        }
    }
}
