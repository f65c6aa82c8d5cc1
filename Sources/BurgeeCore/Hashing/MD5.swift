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

    /// The sines table of RFC 1321: `floor(abs(sin(i + 1)) * 2^32)`.
    @usableFromInline
    static let sines: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0xe8c7b756_d76aa478, 0xc1bdceee_242070db, 0x4787c62a_f57c0faf, 0xfd469501_a8304613,
        0x8b44f7af_698098d8, 0x895cd7be_ffff5bb1, 0xfd987193_6b901122, 0x49b40821_a679438e,
        0xc040b340_f61e2562, 0xe9b6c7aa_265e5a51, 0x02441453_d62f105d, 0xe7d3fbc8_d8a1e681,
        0xc33707d6_21e1cde6, 0x455a14ed_f4d50d87, 0xfcefa3f8_a9e3e905, 0x8d2a4c8a_676f02d9,
        0x8771f681_fffa3942, 0xfde5380c_6d9d6122, 0x4bdecfa9_a4beea44, 0xbebfbc70_f6bb4b60,
        0xeaa127fa_289b7ec6, 0x04881d05_d4ef3085, 0xe6db99e5_d9d4d039, 0xc4ac5665_1fa27cf8,
        0x432aff97_f4292244, 0xfc93a039_ab9423a7, 0x8f0ccc92_655b59c3, 0x85845dd1_ffeff47d,
        0xfe2ce6e0_6fa87e4f, 0x4e0811a1_a3014314, 0xbd3af235_f7537e82, 0xeb86d391_2ad7d2bb)

    /// Sine constant `i` (0..<64): constant `2k` is the low half of pair `k`, `2k + 1` the high half.
    @inline(__always)
    static func sine(_ i: Int) -> UInt32 {
        let pair = withUnsafeBytes(of: sines) { $0.load(fromByteOffset: (i >> 1) &* 8, as: UInt64.self) }
        return UInt32(truncatingIfNeeded: i & 1 == 0 ? pair : pair >> 32)
    }

    /// The left rotation of round `i`: four per group of 16 rounds (7 12 17 22, 5 9 14 20,
    /// 4 11 16 23, 6 10 15 21), one byte each, groups 0 and 1 in the first word.
    @inline(__always)
    static func shift(_ i: Int) -> UInt32 {
        let byte = (i >> 4) &* 4 &+ (i & 3)
        let word: UInt64 = byte < 8 ? 0x140E_0905_1611_0C07 : 0x150F_0A06_1710_0B04
        return UInt32(truncatingIfNeeded: word >> UInt64((byte & 7) &* 8)) & 0xFF
    }

    @usableFromInline
    package mutating func compress(_ bytes: UnsafeRawBufferPointer) {
        var aa = a, bb = b, cc = c, dd = d
        for i in 0..<64 {
            var f: UInt32
            let g: Int
            switch i >> 4 {
            case 0: f = dd ^ (bb & (cc ^ dd)); g = i
            case 1: f = cc ^ (dd & (bb ^ cc)); g = (5 &* i &+ 1) & 15
            case 2: f = bb ^ cc ^ dd; g = (3 &* i &+ 5) & 15
            default: f = cc ^ (bb | ~dd); g = (7 &* i) & 15
            }
            let word = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: g &* 4, as: UInt32.self))
            f = f &+ aa &+ Self.sine(i) &+ word
            aa = dd
            dd = cc
            cc = bb
            let s = Self.shift(i)
            bb = bb &+ ((f << s) | (f >> (32 &- s)))
        }
        a = a &+ aa
        b = b &+ bb
        c = c &+ cc
        d = d &+ dd
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
