/// A fast 64-bit hash of a string's UTF-8 bytes, for the program's own lookup tables (flag keys,
/// target keys, attribute names).
///
/// Swift's `Hasher` (SipHash, randomly seeded) resists collision flooding but costs more than a
/// whole simple evaluation; these tables hold keys from definitions and compare bytes after the
/// hash, so a fast multiply-mix over 8-byte words is enough.
@usableFromInline
enum ByteHash {
    static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The hash of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var h = UInt64(truncatingIfNeeded: count) &* multiplier
        if count >= 8 {
            var i = 0
            while count &- i > 8 {
                h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
                h ^= h >> 29
                i &+= 8
            }
            // The last eight bytes, overlapping the previous word when the count is not a multiple of 8.
            h = (h ^ bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &* multiplier
        } else if count >= 4 {
            let low = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let high = UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            h = (h ^ (low | high << 32)) &* multiplier
        } else if count > 0 {
            let word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count &- 1]) << 16
            h = (h ^ word) &* multiplier
        }
        // murmur3's 64-bit finaliser: every input bit reaches the low bits that index tables.
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }

    /// The hash of the UTF-8 bytes of `string`.
    static func hash(_ string: String) -> UInt64 {
        ExactString.withBytes(of: string) { hash($0) }
    }
}
