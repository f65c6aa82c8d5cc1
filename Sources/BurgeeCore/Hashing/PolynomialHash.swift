/// The 32-bit polynomial string hash `h = 31·h + c` over Unicode scalars (Java's `String.hashCode`
/// over code points), XORed with a seed at the end, fed incrementally as UTF-8 bytes.
///
/// The bytes are decoded as they come, so a compiled rollout can keep the state after a prefix
/// and evaluation feeds only the value, as with ``Murmur3``.
package struct PolynomialHash: ByteHasher, Sendable, Equatable {
    @usableFromInline var state: Int32 = 0
    @usableFromInline var scalar: UInt32 = 0
    /// Continuation bytes still expected for `scalar`.
    @usableFromInline var remaining: UInt8 = 0
    @usableFromInline let seed: Int32

    /// A hasher whose result is XORed with `seed`.
    @inlinable
    package init(seed: Int32) {
        self.seed = seed
    }

    /// Feeds one byte of UTF-8 (the bytes of valid UTF-8, as every Swift string's are).
    @inlinable @inline(__always)
    package mutating func combine(_ byte: UInt8) {
        if byte < 0x80 {
            state = state &* 31 &+ Int32(byte)
            return
        }
        if byte & 0xC0 == 0x80 {
            scalar = scalar << 6 | UInt32(byte & 0x3F)
            remaining &-= 1
            if remaining == 0 { state = state &* 31 &+ Int32(bitPattern: scalar) }
            return
        }
        if byte & 0xE0 == 0xC0 {
            scalar = UInt32(byte & 0x1F)
            remaining = 1
        } else if byte & 0xF0 == 0xE0 {
            scalar = UInt32(byte & 0x0F)
            remaining = 2
        } else {
            scalar = UInt32(byte & 0x07)
            remaining = 3
        }
    }

    /// Feeds raw bytes.
    @inlinable
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { combine(byte) }
    }

    /// The hash of everything fed so far, XORed with the seed, as a signed 32-bit value.
    @inlinable
    package func finalize() -> Int32 {
        state ^ seed
    }
}
