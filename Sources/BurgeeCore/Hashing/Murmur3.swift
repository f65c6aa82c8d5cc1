/// MurmurHash3 x86_32, fed incrementally.
///
/// Bucketing hashes `salt + "." + value`; feeding the pieces one after another yields the same hash
/// as the concatenation without ever building it. A compiled rollout stores the state after
/// `salt + "."` so that evaluation only feeds the value.
package struct Murmur3: ByteHasher, Sendable, Equatable {
    @usableFromInline var state: UInt32
    /// Up to three bytes not yet forming a 4-byte block, little-endian.
    @usableFromInline var pending: UInt32
    @usableFromInline var pendingCount: UInt32
    @usableFromInline var length: UInt32

    @usableFromInline static let c1: UInt32 = 0xcc9e_2d51
    @usableFromInline static let c2: UInt32 = 0x1b87_3593

    /// A hasher with the given seed.
    @inlinable
    package init(seed: UInt32 = 0) {
        state = seed
        pending = 0
        pendingCount = 0
        length = 0
    }

    @inlinable @inline(__always)
    mutating func mixBlock(_ block: UInt32) {
        var k = block &* Murmur3.c1
        k = (k << 15) | (k >> 17)
        k = k &* Murmur3.c2
        state ^= k
        state = (state << 13) | (state >> 19)
        state = state &* 5 &+ 0xe654_6b64
    }

    /// Feeds one byte.
    @inlinable @inline(__always)
    package mutating func combine(_ byte: UInt8) {
        pending |= UInt32(byte) << (pendingCount &* 8)
        pendingCount &+= 1
        length &+= 1
        if pendingCount == 4 {
            mixBlock(pending)
            pending = 0
            pendingCount = 0
        }
    }

    /// Feeds raw bytes.
    @inlinable
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var i = 0
        let n = bytes.count
        // Finish a partial block byte by byte, then take whole blocks straight from memory.
        while pendingCount != 0 && i < n {
            combine(bytes[i])
            i &+= 1
        }
        while n &- i >= 4 {
            mixBlock(bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian)
            length &+= 4
            i &+= 4
        }
        while i < n {
            combine(bytes[i])
            i &+= 1
        }
    }

    /// The hash of everything fed so far. The hasher itself is unchanged and can be fed further.
    @inlinable
    package func finalize() -> UInt32 {
        var h = state
        if pendingCount > 0 {
            var k = pending &* Murmur3.c1
            k = (k << 15) | (k >> 17)
            k = k &* Murmur3.c2
            h ^= k
        }
        h ^= length
        h ^= h >> 16
        h = h &* 0x85eb_ca6b
        h ^= h >> 13
        h = h &* 0xc2b2_ae35
        h ^= h >> 16
        return h
    }

    /// The hash of `bytes` with `seed`.
    @inlinable
    package static func hash(_ bytes: some Sequence<UInt8>, seed: UInt32 = 0) -> UInt32 {
        var hasher = Murmur3(seed: seed)
        if let done: Void = bytes.withContiguousStorageIfAvailable({ hasher.combine(UnsafeRawBufferPointer($0)) }) {
            _ = done
        } else {
            for byte in bytes { hasher.combine(byte) }
        }
        return hasher.finalize()
    }

    /// The hash of the UTF-8 bytes of `string` with `seed`.
    @inlinable
    package static func hash(_ string: String, seed: UInt32 = 0) -> UInt32 {
        var hasher = Murmur3(seed: seed)
        hasher.combine(string)
        return hasher.finalize()
    }
}
