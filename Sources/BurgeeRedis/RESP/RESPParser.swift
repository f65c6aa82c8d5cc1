/// Reads Redis replies (RESP2 and RESP3) from plain bytes, as they arrive on a connection: one
/// reply at a time from the front of the bytes, or `nil` while they hold only part of one.
///
/// No length a server declares is trusted before its bytes are there: a bulk string is read only
/// once all of it arrived, an aggregate allocates only for elements that arrived, and every
/// declared size is checked against ``RESPLimits`` first. It imports nothing, so that the fuzz
/// harness (`Fuzz/fuzz.sh resp`) compiles it alone; a swift-nio decoder wraps it.
///
/// ```swift
/// let parser = RESPParser()
/// if let (reply, used) = try parser.parse(Array("+OK\r\n".utf8)) { … }
/// ```
public struct RESPParser: Sendable {
    /// The bounds replies must keep within.
    public let limits: RESPLimits

    /// A parser within `limits`.
    public init(limits: RESPLimits = RESPLimits()) {
        self.limits = limits
    }

    /// The first reply in `bytes` and how many bytes it took; `nil` when `bytes` hold only its
    /// beginning (read again once more arrived).
    /// - Throws: ``RESPError`` when the bytes are not a reply or one beyond the limits: the
    ///   connection cannot be read further.
    public func parse(_ bytes: [UInt8]) throws(RESPError) -> (value: RESPValue, consumed: Int)? {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(RESPError) in try parse(buffer) }
        }.get()
    }

    /// The first reply in `buffer` and how many bytes it took; `nil` while incomplete.
    public func parse(_ buffer: UnsafeRawBufferPointer) throws(RESPError) -> (value: RESPValue, consumed: Int)? {
        var cursor = Cursor(bytes: buffer, at: 0, limits: limits)
        guard let value = try cursor.value(depth: 0) else { return nil }
        return (value, cursor.at)
    }
}

/// A position in the bytes being read.
private struct Cursor {
    let bytes: UnsafeRawBufferPointer
    var at: Int
    let limits: RESPLimits

    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    /// The fewest bytes any reply takes (`_\r\n`): a count above what is left / 3 cannot be there yet.
    private static let smallestReply = 3

    mutating func value(depth: Int) throws(RESPError) -> RESPValue? {
        guard depth <= limits.maxDepth else { throw .tooDeep }
        guard at < bytes.count else { return nil }
        let type = bytes[at]
        let start = at
        at += 1
        let value: RESPValue?
        switch type {
        case UInt8(ascii: "+"): value = try line().map(Self.simpleString)
        case UInt8(ascii: "-"): value = try line().map(Self.error)
        case UInt8(ascii: ":"):
            if let line = try line() { value = .integer(try Self.integer(line)) } else { value = nil }
        case UInt8(ascii: "$"):
            if let payload = try bulk() { value = payload.map(RESPValue.bulkString) ?? .null } else { value = nil }
        case UInt8(ascii: "!"):
            if let payload = try bulk() { value = payload.map { .error(Self.text($0[...])) } ?? .null } else { value = nil }
        case UInt8(ascii: "="): value = try verbatim()
        case UInt8(ascii: "*"):
            if let elements = try aggregate(depth: depth) { value = elements.map(RESPValue.array) ?? .null } else { value = nil }
        case UInt8(ascii: "~"):
            if let elements = try aggregate(depth: depth) { value = elements.map(RESPValue.set) ?? .null } else { value = nil }
        case UInt8(ascii: ">"):
            if let elements = try aggregate(depth: depth) { value = elements.map(RESPValue.push) ?? .null } else { value = nil }
        case UInt8(ascii: "%"): value = try map(depth: depth)
        case UInt8(ascii: "|"): value = try attributed(depth: depth)
        case UInt8(ascii: "_"):
            if let line = try line() {
                guard line.isEmpty else { throw .malformed("a null carries nothing") }
                value = .null
            } else { value = nil }
        case UInt8(ascii: "#"):
            if let line = try line() {
                switch Array(line) {
                case [UInt8(ascii: "t")]: value = .boolean(true)
                case [UInt8(ascii: "f")]: value = .boolean(false)
                default: throw .malformed("a boolean is t or f")
                }
            } else { value = nil }
        case UInt8(ascii: ","):
            if let line = try line() { value = .double(try Self.double(line)) } else { value = nil }
        case UInt8(ascii: "("):
            if let line = try line() { value = .bigNumber(try Self.bigNumber(line)) } else { value = nil }
        default: throw .unknownType(type)
        }
        if value == nil { at = start }
        return value
    }

    /// The bytes up to the next CR LF, which is passed; `nil` when it has not arrived.
    private mutating func line() throws(RESPError) -> ArraySlice<UInt8>? {
        let end = min(bytes.count, at + limits.maxLineBytes + 2)
        var i = at
        while i < end {
            if bytes[i] == Self.cr {
                guard i + 1 < bytes.count else { return nil }
                guard bytes[i + 1] == Self.lf else { throw .malformed("CR not followed by LF") }
                let line = Array(bytes[at..<i])[...]
                at = i + 2
                return line
            }
            if bytes[i] == Self.lf { throw .malformed("LF without CR") }
            i += 1
        }
        guard end < at + limits.maxLineBytes + 2 else { throw .tooLarge("a line longer than \(limits.maxLineBytes) bytes") }
        return nil
    }

    /// A length line: -1 for null, else 0 through `maximum`.
    private mutating func length(maximum: Int, of what: String) throws(RESPError) -> Int? {
        guard let line = try line() else { return nil }
        let value = try Self.integer(line)
        guard value >= -1 else { throw .malformed("a negative \(what)") }
        guard value <= Int64(maximum) else { throw .tooLarge("\(what) \(value) above \(maximum)") }
        return Int(value)
    }

    /// A bulk payload: `.some(nil)` for null, `nil` while incomplete.
    private mutating func bulk() throws(RESPError) -> [UInt8]?? {
        guard let length = try length(maximum: limits.maxBulkBytes, of: "a string's length") else { return nil }
        guard length >= 0 else { return .some(nil) }
        // Refused or waited for before a byte is copied: the declared length is only a claim.
        guard bytes.count - at >= length + 2 else { return nil }
        guard bytes[at + length] == Self.cr, bytes[at + length + 1] == Self.lf else {
            throw .malformed("a string not ended by CR LF after its length")
        }
        let payload = Array(bytes[at..<(at + length)])
        at += length + 2
        return .some(payload)
    }

    private mutating func verbatim() throws(RESPError) -> RESPValue? {
        guard let payload = try bulk() else { return nil }
        guard let payload else { return .null }
        guard payload.count >= 4, payload[3] == UInt8(ascii: ":") else {
            throw .malformed("a verbatim string starts with a three-letter format and ':'")
        }
        return .verbatimString(format: Self.text(payload[..<3]), Array(payload[4...]))
    }

    /// An aggregate's elements: `.some(nil)` for null, `nil` while incomplete.
    private mutating func aggregate(depth: Int) throws(RESPError) -> [RESPValue]?? {
        guard let count = try length(maximum: limits.maxElements, of: "an aggregate's count") else { return nil }
        guard count >= 0 else { return .some(nil) }
        return try elements(count, depth: depth).map { .some($0) }
    }

    private mutating func elements(_ count: Int, depth: Int) throws(RESPError) -> [RESPValue]? {
        // Every element takes at least three bytes: a count the bytes cannot hold yet allocates nothing.
        guard count <= (bytes.count - at) / Self.smallestReply else { return nil }
        var elements: [RESPValue] = []
        elements.reserveCapacity(count)
        for _ in 0..<count {
            guard let element = try value(depth: depth + 1) else { return nil }
            elements.append(element)
        }
        return elements
    }

    private mutating func map(depth: Int) throws(RESPError) -> RESPValue? {
        guard let count = try length(maximum: limits.maxElements / 2, of: "a map's count") else { return nil }
        guard count >= 0 else { return .null }
        guard let flat = try elements(count * 2, depth: depth) else { return nil }
        return .map(stride(from: 0, to: flat.count, by: 2).map { RESPPair(key: flat[$0], value: flat[$0 + 1]) })
    }

    /// RESP3's attributes (`|`) describe the reply after them, which is the value read.
    private mutating func attributed(depth: Int) throws(RESPError) -> RESPValue? {
        guard let count = try length(maximum: limits.maxElements / 2, of: "an attribute map's count") else { return nil }
        guard count >= 0 else { throw .malformed("a null attribute map") }
        guard try elements(count * 2, depth: depth) != nil else { return nil }
        return try value(depth: depth + 1)
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func simpleString(_ line: ArraySlice<UInt8>) -> RESPValue { .simpleString(text(line)) }

    private static func error(_ line: ArraySlice<UInt8>) -> RESPValue { .error(text(line)) }

    /// A signed decimal integer within 64 bits, with nothing else in the line.
    private static func integer(_ line: ArraySlice<UInt8>) throws(RESPError) -> Int64 {
        var digits = line
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 19 else { throw .malformed("not an integer: \(text(line))") }
        var value: Int64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { throw .malformed("not an integer: \(text(line))") }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflow, !overflow2 else {
                // Int64.min's digits overflow the positive side by one.
                if negative, digits.elementsEqual("9223372036854775808".utf8) { return .min }
                throw .malformed("an integer beyond 64 bits: \(text(line))")
            }
            value = sum
        }
        return negative ? -value : value
    }

    private static func double(_ line: ArraySlice<UInt8>) throws(RESPError) -> Double {
        switch text(line) {
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "nan": return .nan
        case let written:
            let allowed = written.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x45 || $0 == 0x65 }
            guard allowed, let value = Double(written) else { throw .malformed("not a double: \(written)") }
            return value
        }
    }

    private static func bigNumber(_ line: ArraySlice<UInt8>) throws(RESPError) -> String {
        let digits = line.first == UInt8(ascii: "-") || line.first == UInt8(ascii: "+") ? line.dropFirst() : line
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .malformed("not a big number: \(text(line))")
        }
        return text(line)
    }
}
