/// Instants read as Go's `time` package and integer conversions read them: LaunchDarkly's `before`
/// and `after`, as its server SDKs' evaluator (go-server-sdk-evaluation, the Relay Proxy's) reads
/// them. It differs from the native ``DateOperator`` in these ways:
///
/// - a number is Unix milliseconds **truncated toward zero** to a whole millisecond (`1000.9` is
///   `1000`), then nanoseconds in a signed 64-bit integer, as Go computes
///   `int64(ms) * int64(time.Millisecond)`: beyond ±9,223,372,036,854 ms (the year 2262) the product
///   wraps around, and a number beyond 64 bits (`1e20`) converts to `-2^63` first, as Go's
///   conversion does on amd64, where LaunchDarkly's services run (the instant is then 1970);
/// - text is `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` where the hour may have one digit, the
///   fraction has 1 to 9 digits, offset hours go up to 99, and `T`/`Z` may be lowercase; fields
///   out of the calendar but within their digit ranges roll over as Go's `time.Date` does (day 1–31:
///   `2023-02-30` is March 2; second 0–60: `:60` is the next minute); anything after a `Z` is
///   ignored.
///
/// Both sides are read this way; instants compare to the nanosecond.
package enum GoDateOperator {
    static func parse(_ direction: DateOperator.Direction, _ values: [JSONValue], at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        .goDate(direction, OperandParser(path: path).parse(values, "a date (Unix milliseconds or RFC 3339)", &r,
                                                                     instant(of:)))
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ direction: DateOperator.Direction, _ instants: [Timestamp]) -> Bool {
        guard let t = instant(of: value) else { return false }
        return DateOperator.matches(t, direction, instants)
    }

    /// The instant a clause value or attribute holds, read as LaunchDarkly does; `nil` when it holds none.
    package static func instant(of value: JSONValue) -> Timestamp? {
        switch value {
        case .number(let number):
            let n = number.doubleValue
            let milliseconds = n >= -9_223_372_036_854_775_808.0 && n < 9_223_372_036_854_775_808.0 ? Int64(n) : .min
            let nanoseconds = milliseconds &* 1_000_000
            let (seconds, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
            return remainder < 0
                ? Timestamp(seconds: seconds - 1, attoseconds: UInt64(remainder + 1_000_000_000) * 1_000_000_000)
                : Timestamp(seconds: seconds, attoseconds: UInt64(remainder) * 1_000_000_000)
        case .string(var text):
            return text.withUTF8 { instant(rfc3339: $0) }
        default:
            return nil
        }
    }

    /// Parses text the way LaunchDarkly's Go evaluator does (field by field up to a terminator).
    static func instant(rfc3339 bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var scanner = Scanner(bytes: bytes)
        guard let year = scanner.field(until: { $0 == UInt8(ascii: "-") }, lengths: 4...4, values: 0...9999),
              let month = scanner.field(until: { $0 == UInt8(ascii: "-") }, lengths: 2...2, values: 1...12),
              let day = scanner.field(until: { $0 | 0x20 == UInt8(ascii: "t") }, lengths: 2...2, values: 1...31),
              let hour = scanner.field(until: { $0 == UInt8(ascii: ":") }, lengths: 1...2, values: 0...23),
              let minute = scanner.field(until: { $0 == UInt8(ascii: ":") }, lengths: 2...2, values: 0...59),
              let second = scanner.field(until: Self.endsSeconds, lengths: 2...2, values: 0...60)
        else { return nil }
        var terminator = scanner.terminator
        var nanoseconds: UInt64 = 0
        if terminator == UInt8(ascii: ".") {
            let (digits, end) = scanner.read(until: Self.endsFraction)
            guard case .byte = end, (1...9).contains(digits.count), let n = Scanner.number(digits) else { return nil }
            nanoseconds = UInt64(n)
            for _ in digits.count..<9 { nanoseconds *= 10 }
            terminator = end.byteValue
        }
        var offsetSeconds = 0
        if terminator == UInt8(ascii: "+") || terminator == UInt8(ascii: "-") {
            guard let hours = scanner.field(until: { $0 == UInt8(ascii: ":") }, lengths: 2...2, values: 0...99),
                  let minutes = scanner.field(until: { _ in false }, lengths: 2...2, values: 0...59, endMayBeLast: true)
            else { return nil }
            offsetSeconds = (hours * 60 + minutes) * 60
            if terminator == UInt8(ascii: "+") { offsetSeconds = -offsetSeconds }
        }
        let days = Timestamp.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second + offsetSeconds)
        return Timestamp(seconds: seconds, attoseconds: nanoseconds * 1_000_000_000)
    }

    private static func endsSeconds(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || endsFraction(byte)
    }

    private static func endsFraction(_ byte: UInt8) -> Bool {
        byte | 0x20 == UInt8(ascii: "z") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// An ASCII scanner: reads up to a terminator, the end, or a byte that is not ASCII (or NUL).
    private struct Scanner {
        enum End: Equatable {
            case byte(UInt8)
            case end
            case notASCII

            var byteValue: UInt8 {
                if case .byte(let b) = self { return b }
                return 0
            }
        }

        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// What ended the last field.
        var terminator: UInt8 = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func read(until isTerminator: (UInt8) -> Bool) -> (Slice<UnsafeBufferPointer<UInt8>>, End) {
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0 || byte > 0x7F { return (bytes[start..<position], .notASCII) }
                position += 1
                if isTerminator(byte) { return (bytes[start..<(position - 1)], .byte(byte)) }
            }
            return (bytes[start..<position], .end)
        }

        /// A numeric field of `lengths` digits within `values`, ended by a terminator (or, when
        /// `endMayBeLast`, by anything).
        mutating func field(until isTerminator: (UInt8) -> Bool, lengths: ClosedRange<Int>, values: ClosedRange<Int>,
                            endMayBeLast: Bool = false) -> Int? {
            let (digits, end) = read(until: isTerminator)
            guard case .byte(let byte) = end else {
                guard endMayBeLast else { return nil }
                return Self.checked(digits, lengths, values)
            }
            terminator = byte
            return Self.checked(digits, lengths, values)
        }

        private static func checked(_ digits: Slice<UnsafeBufferPointer<UInt8>>, _ lengths: ClosedRange<Int>,
                                    _ values: ClosedRange<Int>) -> Int? {
            guard !digits.isEmpty, lengths.contains(digits.count), let n = number(digits), values.contains(n) else { return nil }
            return n
        }

        static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
            guard !digits.isEmpty else { return nil }
            var n = 0
            for byte in digits {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
                n = n * 10 + Int(byte &- UInt8(ascii: "0"))
            }
            return n
        }
    }
}
