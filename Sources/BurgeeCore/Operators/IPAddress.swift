/// An IPv4 or IPv6 address, as the `inCIDR` operator reads it from a context attribute.
///
/// IPv4 is a dotted quad `a.b.c.d` of decimal parts 0–255, without leading zeros (`0` itself is
/// fine). IPv6 follows the text forms of RFC 4291 §2.2: eight groups of 1–4 hexadecimal digits in
/// either case, at most one `::` standing for one or more zero groups, and an optional dotted-quad
/// tail in place of the last two groups (`::ffff:192.0.2.1`). Zone identifiers (`fe80::1%eth0`),
/// brackets, ports and surrounding whitespace are rejected.
///
/// An IPv4-mapped IPv6 address such as `::ffff:192.0.2.1` is an IPv6 address: it is not equal to
/// `192.0.2.1` and never falls in an IPv4 range. Parsing allocates nothing.
package struct IPAddress: Sendable, Hashable {
    /// An address family.
    package enum Family: Sendable, Hashable {
        /// A 32-bit IPv4 address.
        case ipv4
        /// A 128-bit IPv6 address.
        case ipv6
    }

    /// Whether this is an IPv4 or an IPv6 address.
    package let family: Family
    // The 128 bits of an IPv6 address, most significant first; an IPv4 address fills the low
    // 32 bits of `low`. Two words rather than UInt128, which macOS 14 does not have.
    let high: UInt64
    let low: UInt64

    init(family: Family, high: UInt64, low: UInt64) {
        self.family = family
        self.high = high
        self.low = low
    }

    /// Parses an IPv4 dotted quad or an IPv6 address; `nil` if `text` is neither.
    package init?(parsing text: String) {
        self.init(parsing: text[...])
    }

    /// Parses an IPv4 dotted quad or an IPv6 address; `nil` if `text` is neither.
    package init?(parsing text: Substring) {
        let parsed: IPAddress? = text.withUTF8Bytes { Self.parse($0) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses the whole of `bytes` as an address.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> IPAddress? {
        if bytes.contains(UInt8(ascii: ":")) {
            guard let (high, low) = parseIPv6(bytes) else { return nil }
            return IPAddress(family: .ipv6, high: high, low: low)
        }
        guard let value = parseIPv4(bytes, 0..<bytes.count) else { return nil }
        return IPAddress(family: .ipv4, high: 0, low: UInt64(value))
    }
}

// MARK: - Parsing

extension IPAddress {
    private static let colon = UInt8(ascii: ":")
    private static let dot = UInt8(ascii: ".")
    private static let zero = UInt8(ascii: "0")

    /// A dotted quad filling exactly `range`.
    private static func parseIPv4(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32? {
        var i = range.lowerBound
        var value: UInt32 = 0
        for part in 0..<4 {
            if part > 0 {
                guard i < range.upperBound, bytes[i] == dot else { return nil }
                i += 1
            }
            let start = i
            var octet: UInt32 = 0
            // At most three digits, so that a long run of zeros cannot pass as a small number.
            while i < range.upperBound, i - start < 3, bytes[i] &- zero < 10 {
                octet = octet * 10 + UInt32(bytes[i] &- zero)
                i += 1
            }
            guard i > start, octet <= 255, bytes[start] != zero || i - start == 1 else { return nil }
            value = value << 8 | octet
        }
        return i == range.upperBound ? value : nil
    }

    /// An IPv6 address filling all of `bytes`, as its high and low 64 bits.
    private static func parseIPv6(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        let end = bytes.count
        // Groups before `::` (or all of them if there is none) and groups after it, each gathered
        // as a 128-bit number shifted left 16 bits per group; an IPv4 tail counts as two groups.
        var head = (high: UInt64(0), low: UInt64(0))
        var tail = (high: UInt64(0), low: UInt64(0))
        var headGroups = 0
        var tailGroups = 0
        var compressed = false
        var i = 0

        if end >= 2, bytes[0] == colon, bytes[1] == colon {
            compressed = true
            i = 2
        }
        while i < end {
            let start = i
            var group: UInt64 = 0
            while i < end, let digit = hexValue(bytes[i]) {
                group = group << 4 | UInt64(digit)
                i += 1
            }
            if i < end, bytes[i] == dot {
                // A dotted-quad tail must run to the end of the text.
                guard let v4 = parseIPv4(bytes, start..<end) else { return nil }
                if compressed {
                    append(UInt64(v4), bits: 32, to: &tail)
                    tailGroups += 2
                } else {
                    append(UInt64(v4), bits: 32, to: &head)
                    headGroups += 2
                }
                i = end
                break
            }
            guard i > start, i - start <= 4 else { return nil }
            if compressed {
                append(group, bits: 16, to: &tail)
                tailGroups += 1
            } else {
                append(group, bits: 16, to: &head)
                headGroups += 1
            }
            if i == end { break }
            guard bytes[i] == colon else { return nil }
            i += 1
            if i < end, bytes[i] == colon {
                guard !compressed else { return nil }
                compressed = true
                i += 1
            } else if i == end {
                return nil  // a single trailing colon
            }
        }

        let groups = headGroups + tailGroups
        if compressed {
            // `::` stands for at least one group of zeros.
            guard groups <= 7 else { return nil }
            let (high, low) = shiftedLeft(head, by: 16 * (8 - headGroups))
            return (high | tail.high, low | tail.low)
        }
        guard groups == 8 else { return nil }
        return head
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        if byte &- zero < 10 { return byte &- zero }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : nil
    }

    /// Shifts the 128-bit `value` left by `bits` and puts `word` in the freed low bits.
    @inline(__always)
    private static func append(_ word: UInt64, bits: Int, to value: inout (high: UInt64, low: UInt64)) {
        value = shiftedLeft(value, by: bits)
        value.low |= word
    }

    /// The 128-bit `value` shifted left by `bits` (0 ... 128).
    @inline(__always)
    private static func shiftedLeft(_ value: (high: UInt64, low: UInt64), by bits: Int) -> (high: UInt64, low: UInt64) {
        // Swift's shifts saturate: by 64 or more they give 0, by a negative amount they shift right.
        if bits >= 64 { return (value.low << (bits - 64), 0) }
        return (value.high << bits | value.low >> (64 - bits), value.low << bits)
    }
}
