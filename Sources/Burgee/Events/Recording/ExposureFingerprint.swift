import BurgeeCore

/// 64-bit hashes that identify an exposure (context keys, flag, variation, version) for
/// deduplication. Allocation-free: strings are hashed over their contiguous UTF-8 storage.
enum ExposureFingerprint {
    /// The hash of an exposure.
    @inline(__always)
    static func exposure(context: UInt64, flagKey: UInt64, variation: Int, version: Int64) -> UInt64 {
        var h = context ^ (flagKey &* 0x9E37_79B9_7F4A_7C15)
        h = mix(h ^ UInt64(bitPattern: Int64(variation)))
        return mix(h ^ UInt64(bitPattern: version))
    }

    /// The hash of a string's UTF-8 bytes.
    @inline(__always)
    static func string(_ s: String) -> UInt64 {
        var s = s
        return s.withUTF8 { bytes in
            var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
            let raw = UnsafeRawBufferPointer(bytes)
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                h ^= h >> 29
                i += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < raw.count {
                tail |= UInt64(raw[i]) << shift
                shift += 8
                i += 1
            }
            return mix(h ^ tail)
        }
    }

    /// murmur3's 64-bit finaliser: every input bit affects every output bit (the one a context's
    /// identity hash uses).
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        Context.mixHash(x)
    }
}
