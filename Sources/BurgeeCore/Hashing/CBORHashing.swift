/// Feeds a JSON value to a murmur3 hash as its canonical CBOR encoding (RFC 8949 §4.2.1, as
/// `fractional`'s CBOR rule hashes its bucketing value), without building the encoding for
/// scalars and strings.
///
/// Integral numbers (in the signed 64-bit range) are integers; other numbers take the shortest of
/// half, single and double precision that keeps their value; map keys are ordered by their
/// encoded length, then bytes.
enum CBORHashing {
    static func combine(_ value: JSONValue, into hash: inout Murmur3) {
        switch value {
        case .null: hash.combine(0xF6 as UInt8)
        case .bool(let b): hash.combine(b ? 0xF5 : 0xF4)
        case .number(let n): combine(number: n.doubleValue, into: &hash)
        case .string(let s):
            header(major: 3, s.utf8.count, into: &hash)
            hash.combine(s)
        case .array(let elements):
            header(major: 4, elements.count, into: &hash)
            for e in elements { combine(e, into: &hash) }
        case .object(let members):
            header(major: 5, members.count, into: &hash)
            let keys = members.keys.map { key -> [UInt8] in
                var length = UInt64(key.utf8.count)
                var head: [UInt8] = []
                headerBytes(major: 3, &length, &head)
                return head + Array(key.utf8)
            }
            let order = keys.indices.sorted { a, b in
                keys[a].count != keys[b].count ? keys[a].count < keys[b].count : keys[a].lexicographicallyPrecedes(keys[b])
            }
            let names = Array(members.keys)
            for i in order {
                for byte in keys[i] { hash.combine(byte) }
                combine(members[names[i]]!, into: &hash)
            }
        }
    }

    /// The header of a two-element array: `fractional`'s default bucketing value is
    /// `[flagKey, targetingKey]`, hashed element by element.
    static func pairHeader(into hash: inout Murmur3) {
        header(major: 4, 2, into: &hash)
    }

    private static func combine(number n: Double, into hash: inout Murmur3) {
        if let i = JSONValue.exactInt64(n) {
            if i >= 0 { header(major: 0, UInt64(i), into: &hash) } else { header(major: 1, UInt64(-1 - i), into: &hash) }
            return
        }
        // Integral numbers up to 2^64 - 1 are unsigned integers too (flagd's normalization range).
        if n >= 9_223_372_036_854_775_808.0, n < 18_446_744_073_709_551_616.0, n.rounded(.towardZero) == n {
            header(major: 0, UInt64(n), into: &hash)
            return
        }
        if n.isNaN {
            hash.combine(0xF9 as UInt8); hash.combine(0x7E as UInt8); hash.combine(0x00 as UInt8)
            return
        }
        #if arch(x86_64) || arch(arm64)
        let half = Float16(n)
        if Double(half) == n {
            hash.combine(0xF9 as UInt8)
            big(UInt64(half.bitPattern), bytes: 2, into: &hash)
            return
        }
        #endif
        let single = Float(n)
        if Double(single) == n {
            hash.combine(0xFA as UInt8)
            big(UInt64(single.bitPattern), bytes: 4, into: &hash)
            return
        }
        hash.combine(0xFB as UInt8)
        big(n.bitPattern, bytes: 8, into: &hash)
    }

    private static func header(major: UInt8, _ length: Int, into hash: inout Murmur3) {
        header(major: major, UInt64(length), into: &hash)
    }

    private static func header(major: UInt8, _ value: UInt64, into hash: inout Murmur3) {
        let m = major << 5
        if value < 24 {
            hash.combine(m | UInt8(value))
        } else if value <= 0xFF {
            hash.combine(m | 24); big(value, bytes: 1, into: &hash)
        } else if value <= 0xFFFF {
            hash.combine(m | 25); big(value, bytes: 2, into: &hash)
        } else if value <= 0xFFFF_FFFF {
            hash.combine(m | 26); big(value, bytes: 4, into: &hash)
        } else {
            hash.combine(m | 27); big(value, bytes: 8, into: &hash)
        }
    }

    private static func headerBytes(major: UInt8, _ value: inout UInt64, _ out: inout [UInt8]) {
        let m = major << 5
        func bigBytes(_ v: UInt64, _ n: Int) { for i in stride(from: n - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) } }
        if value < 24 { out.append(m | UInt8(value)) }
        else if value <= 0xFF { out.append(m | 24); bigBytes(value, 1) }
        else if value <= 0xFFFF { out.append(m | 25); bigBytes(value, 2) }
        else if value <= 0xFFFF_FFFF { out.append(m | 26); bigBytes(value, 4) }
        else { out.append(m | 27); bigBytes(value, 8) }
    }

    private static func big(_ value: UInt64, bytes: Int, into hash: inout Murmur3) {
        for i in stride(from: bytes - 1, through: 0, by: -1) {
            hash.combine(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))))
        }
    }
}
