/// MD5 (RFC 1321), fed incrementally, without allocating.
///
/// The UFC formats' shards hash `salt + "-" + key`, the salt constant per shard: a compiled
/// shard keeps the state after `salt-`, and evaluation copies it and feeds only the key. MD5
/// serves here as a bucketing function, not for security.
package struct MD5: BlockHasher, Sendable, Equatable {
    /// The chaining state A, B, C, D.
    @usableFromInline var a: UInt32 = 0x6745_2301
    @usableFromInline var b: UInt32 = 0xEFCD_AB89
    @usableFromInline var c: UInt32 = 0x98BA_DCFE
    @usableFromInline var d: UInt32 = 0x1032_5476
    /// The message not yet compressed, and its length (``BlockHasher``).
    @usableFromInline package var block: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline package var blockCount: Int = 0
    @usableFromInline package var length: UInt64 = 0

    /// MD5 pads with the bit length little-endian.
    @inlinable
    package static var bigEndianLength: Bool { false }

    /// A hasher with nothing fed.
    @inlinable
    package init() {}

    /// The digest of everything fed so far; the hasher itself is unchanged.
    @inlinable
    package func finalize() -> Digest {
        let copy = padded()
        return Digest(words: (copy.a, copy.b, copy.c, copy.d))
    }

    /// One step of round 1 (F), 2 (G), 3 (H) or 4 (I): `a = b + ((a + fn(b, c, d) + word + constant) <<< s)`,
    /// `word` already holding the message word plus the step's constant (RFC 1321's `T[i]`,
    /// `floor(abs(sin(i + 1)) * 2^32)`, written out in ``compress(_:)``).
    @inline(__always)
    static func f(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ s: UInt32) {
        step(&a, b, d ^ (b & (c ^ d)), word, s)
    }

    @inline(__always)
    static func g(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ s: UInt32) {
        step(&a, b, c ^ (d & (b ^ c)), word, s)
    }

    @inline(__always)
    static func h(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ s: UInt32) {
        step(&a, b, b ^ c ^ d, word, s)
    }

    @inline(__always)
    static func i(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ s: UInt32) {
        step(&a, b, c ^ (b | ~d), word, s)
    }

    @inline(__always)
    static func step(_ a: inout UInt32, _ b: UInt32, _ mixed: UInt32, _ word: UInt32, _ s: UInt32) {
        let x = a &+ mixed &+ word
        a = b &+ ((x << s) | (x >> (32 &- s)))
    }

    /// The 64 steps written out, constants inline, the four variables' roles rotating from step
    /// to step instead of being moved.
    @usableFromInline
    package mutating func compress(_ bytes: UnsafeRawBufferPointer) {
        let w0 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        let w1 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        let w2 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        let w3 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let w4 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        let w5 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
        let w6 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
        let w7 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 28, as: UInt32.self))
        let w8 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
        let w9 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
        let w10 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
        let w11 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 44, as: UInt32.self))
        let w12 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 48, as: UInt32.self))
        let w13 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 52, as: UInt32.self))
        let w14 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 56, as: UInt32.self))
        let w15 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 60, as: UInt32.self))
        var a = self.a, b = self.b, c = self.c, d = self.d
        Self.f(&a, b, c, d, w0 &+ 0xD76AA478, 7)
        Self.f(&d, a, b, c, w1 &+ 0xE8C7B756, 12)
        Self.f(&c, d, a, b, w2 &+ 0x242070DB, 17)
        Self.f(&b, c, d, a, w3 &+ 0xC1BDCEEE, 22)
        Self.f(&a, b, c, d, w4 &+ 0xF57C0FAF, 7)
        Self.f(&d, a, b, c, w5 &+ 0x4787C62A, 12)
        Self.f(&c, d, a, b, w6 &+ 0xA8304613, 17)
        Self.f(&b, c, d, a, w7 &+ 0xFD469501, 22)
        Self.f(&a, b, c, d, w8 &+ 0x698098D8, 7)
        Self.f(&d, a, b, c, w9 &+ 0x8B44F7AF, 12)
        Self.f(&c, d, a, b, w10 &+ 0xFFFF5BB1, 17)
        Self.f(&b, c, d, a, w11 &+ 0x895CD7BE, 22)
        Self.f(&a, b, c, d, w12 &+ 0x6B901122, 7)
        Self.f(&d, a, b, c, w13 &+ 0xFD987193, 12)
        Self.f(&c, d, a, b, w14 &+ 0xA679438E, 17)
        Self.f(&b, c, d, a, w15 &+ 0x49B40821, 22)
        Self.g(&a, b, c, d, w1 &+ 0xF61E2562, 5)
        Self.g(&d, a, b, c, w6 &+ 0xC040B340, 9)
        Self.g(&c, d, a, b, w11 &+ 0x265E5A51, 14)
        Self.g(&b, c, d, a, w0 &+ 0xE9B6C7AA, 20)
        Self.g(&a, b, c, d, w5 &+ 0xD62F105D, 5)
        Self.g(&d, a, b, c, w10 &+ 0x02441453, 9)
        Self.g(&c, d, a, b, w15 &+ 0xD8A1E681, 14)
        Self.g(&b, c, d, a, w4 &+ 0xE7D3FBC8, 20)
        Self.g(&a, b, c, d, w9 &+ 0x21E1CDE6, 5)
        Self.g(&d, a, b, c, w14 &+ 0xC33707D6, 9)
        Self.g(&c, d, a, b, w3 &+ 0xF4D50D87, 14)
        Self.g(&b, c, d, a, w8 &+ 0x455A14ED, 20)
        Self.g(&a, b, c, d, w13 &+ 0xA9E3E905, 5)
        Self.g(&d, a, b, c, w2 &+ 0xFCEFA3F8, 9)
        Self.g(&c, d, a, b, w7 &+ 0x676F02D9, 14)
        Self.g(&b, c, d, a, w12 &+ 0x8D2A4C8A, 20)
        Self.h(&a, b, c, d, w5 &+ 0xFFFA3942, 4)
        Self.h(&d, a, b, c, w8 &+ 0x8771F681, 11)
        Self.h(&c, d, a, b, w11 &+ 0x6D9D6122, 16)
        Self.h(&b, c, d, a, w14 &+ 0xFDE5380C, 23)
        Self.h(&a, b, c, d, w1 &+ 0xA4BEEA44, 4)
        Self.h(&d, a, b, c, w4 &+ 0x4BDECFA9, 11)
        Self.h(&c, d, a, b, w7 &+ 0xF6BB4B60, 16)
        Self.h(&b, c, d, a, w10 &+ 0xBEBFBC70, 23)
        Self.h(&a, b, c, d, w13 &+ 0x289B7EC6, 4)
        Self.h(&d, a, b, c, w0 &+ 0xEAA127FA, 11)
        Self.h(&c, d, a, b, w3 &+ 0xD4EF3085, 16)
        Self.h(&b, c, d, a, w6 &+ 0x04881D05, 23)
        Self.h(&a, b, c, d, w9 &+ 0xD9D4D039, 4)
        Self.h(&d, a, b, c, w12 &+ 0xE6DB99E5, 11)
        Self.h(&c, d, a, b, w15 &+ 0x1FA27CF8, 16)
        Self.h(&b, c, d, a, w2 &+ 0xC4AC5665, 23)
        Self.i(&a, b, c, d, w0 &+ 0xF4292244, 6)
        Self.i(&d, a, b, c, w7 &+ 0x432AFF97, 10)
        Self.i(&c, d, a, b, w14 &+ 0xAB9423A7, 15)
        Self.i(&b, c, d, a, w5 &+ 0xFC93A039, 21)
        Self.i(&a, b, c, d, w12 &+ 0x655B59C3, 6)
        Self.i(&d, a, b, c, w3 &+ 0x8F0CCC92, 10)
        Self.i(&c, d, a, b, w10 &+ 0xFFEFF47D, 15)
        Self.i(&b, c, d, a, w1 &+ 0x85845DD1, 21)
        Self.i(&a, b, c, d, w8 &+ 0x6FA87E4F, 6)
        Self.i(&d, a, b, c, w15 &+ 0xFE2CE6E0, 10)
        Self.i(&c, d, a, b, w6 &+ 0xA3014314, 15)
        Self.i(&b, c, d, a, w13 &+ 0x4E0811A1, 21)
        Self.i(&a, b, c, d, w4 &+ 0xF7537E82, 6)
        Self.i(&d, a, b, c, w11 &+ 0xBD3AF235, 10)
        Self.i(&c, d, a, b, w2 &+ 0x2AD7D2BB, 15)
        Self.i(&b, c, d, a, w9 &+ 0xEB86D391, 21)
        self.a = self.a &+ a
        self.b = self.b &+ b
        self.c = self.c &+ c
        self.d = self.d &+ d
    }

    /// Hashers are equal when their state and pending bytes are.
    @inlinable
    package static func == (lhs: MD5, rhs: MD5) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.sameMessage(as: rhs)
    }

    /// An MD5 digest: 16 bytes, as four little-endian words.
    package struct Digest: Sendable, Equatable {
        /// The digest's words; word 0 holds its first four bytes, least significant first.
        package let words: (UInt32, UInt32, UInt32, UInt32)

        /// A digest from its four words.
        @inlinable
        package init(words: (UInt32, UInt32, UInt32, UInt32)) {
            self.words = words
        }

        /// Digests are equal when their 16 bytes are.
        @inlinable
        package static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words == rhs.words
        }

        /// The first four bytes read as a big-endian integer: the UFC formats' shard hash.
        @inlinable
        package var leading32Bits: UInt32 { words.0.byteSwapped }

        /// The 32 lowercase hex digits of the digest, as `md5sum` prints them.
        package var hex: String {
            let digits: StaticString = "0123456789abcdef"
            let words = [words.0, words.1, words.2, words.3]
            return String(unsafeUninitializedCapacity: 32) { buffer in
                var i = 0
                for word in words {
                    for byte in 0..<4 {
                        let value = (word >> UInt32(8 * byte)) & 0xFF
                        buffer[i] = digits.utf8Start[Int(value >> 4)]
                        buffer[i + 1] = digits.utf8Start[Int(value & 0xF)]
                        i += 2
                    }
                }
                return 32
            }
        }
    }
}
