/// SHA-256 (FIPS 180-4), fed incrementally, without allocating.
///
/// Kameleoon bucketing hashes `value + suffix` and reads the digest as a fraction of 2^256
/// (``Digest/fraction``). The value comes first, so no prefix state can be kept: evaluation starts
/// from a fresh hasher, feeds the value, then the suffix. SHA-256 serves here as a bucketing
/// function, not for security.
package struct SHA256: BlockHasher, Sendable, Equatable {
    /// The chaining state H0…H7.
    @usableFromInline var h0: UInt32 = 0x6A09_E667
    @usableFromInline var h1: UInt32 = 0xBB67_AE85
    @usableFromInline var h2: UInt32 = 0x3C6E_F372
    @usableFromInline var h3: UInt32 = 0xA54F_F53A
    @usableFromInline var h4: UInt32 = 0x510E_527F
    @usableFromInline var h5: UInt32 = 0x9B05_688C
    @usableFromInline var h6: UInt32 = 0x1F83_D9AB
    @usableFromInline var h7: UInt32 = 0x5BE0_CD19
    /// The message not yet compressed, and its length (``BlockHasher``).
    @usableFromInline package var block: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline package var blockCount: Int = 0
    @usableFromInline package var length: UInt64 = 0

    /// Eight round constants, one group of eight rounds' worth.
    @usableFromInline typealias Constants = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    /// A hasher with nothing fed.
    @inlinable
    package init() {}

    /// The digest of everything fed so far; the hasher itself is unchanged.
    @inlinable
    package func finalize() -> Digest {
        let copy = padded()
        return Digest(words: (copy.h0, copy.h1, copy.h2, copy.h3, copy.h4, copy.h5, copy.h6, copy.h7))
    }


    @inline(__always)
    static func rotated(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x >> n) | (x << (32 &- n))
    }

    /// Word `t` (16…63) of the message schedule, computed from the 16-word window `w` and stored
    /// back in the slot of word `t - 16`.
    @inline(__always)
    static func scheduled(_ w: UnsafeMutableRawBufferPointer, _ t: Int) -> UInt32 {
        let offset = (t & 15) &* 4
        let w2 = w.load(fromByteOffset: ((t &+ 14) & 15) &* 4, as: UInt32.self)
        let w7 = w.load(fromByteOffset: ((t &+ 9) & 15) &* 4, as: UInt32.self)
        let w15 = w.load(fromByteOffset: ((t &+ 1) & 15) &* 4, as: UInt32.self)
        let w16 = w.load(fromByteOffset: offset, as: UInt32.self)
        let sigma0 = rotated(w15, 7) ^ rotated(w15, 18) ^ (w15 >> 3)
        let sigma1 = rotated(w2, 17) ^ rotated(w2, 19) ^ (w2 >> 10)
        let word = sigma1 &+ w7 &+ sigma0 &+ w16
        w.storeBytes(of: word, toByteOffset: offset, as: UInt32.self)
        return word
    }

    /// One round in place: `d` and `h` take their new values (`h` becomes the new `a`, `d` the new
    /// `e`); the caller rotates the roles of the eight variables instead of moving them.
    @inline(__always)
    static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                      _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ k: UInt32, word: UInt32) {
        let sum1 = rotated(e, 6) ^ rotated(e, 11) ^ rotated(e, 25)
        let choose = g ^ (e & (f ^ g))
        let t1 = h &+ sum1 &+ choose &+ k &+ word
        let sum0 = rotated(a, 2) ^ rotated(a, 13) ^ rotated(a, 22)
        let majority = (a & b) | (c & (a | b))
        d &+= t1
        h = t1 &+ sum0 &+ majority
    }

    /// Eight rounds from word `t` (a multiple of 8) with the round constants `k`, the variables'
    /// roles rotating back to where they started.
    @inline(__always)
    static func eightRounds(_ a: inout UInt32, _ b: inout UInt32, _ c: inout UInt32, _ d: inout UInt32,
                            _ e: inout UInt32, _ f: inout UInt32, _ g: inout UInt32, _ h: inout UInt32,
                            _ word: (Int) -> UInt32, _ t: Int, _ k: Constants) {
        round(a, b, c, &d, e, f, g, &h, k.0, word: word(t))
        round(h, a, b, &c, d, e, f, &g, k.1, word: word(t &+ 1))
        round(g, h, a, &b, c, d, e, &f, k.2, word: word(t &+ 2))
        round(f, g, h, &a, b, c, d, &e, k.3, word: word(t &+ 3))
        round(e, f, g, &h, a, b, c, &d, k.4, word: word(t &+ 4))
        round(d, e, f, &g, h, a, b, &c, k.5, word: word(t &+ 5))
        round(c, d, e, &f, g, h, a, &b, k.6, word: word(t &+ 6))
        round(b, c, d, &e, f, g, h, &a, k.7, word: word(t &+ 7))
    }

    /// Compresses one 64-byte block into the chaining state.
    @usableFromInline
    package mutating func compress(_ bytes: UnsafeRawBufferPointer) {
        // As in ``SHA1``: a rolling 16-word schedule in inline storage, rounds in groups whose
        // variables rotate roles rather than move, working variables inside the closure so that
        // they are not captured. The round constants are literals in the calls, not a table.
        var window: Block = (0, 0, 0, 0, 0, 0, 0, 0)
        let state = (h0, h1, h2, h3, h4, h5, h6, h7)
        let result = withUnsafeMutableBytes(of: &window) { w in
            var (a, b, c, d, e, f, g, h) = state
            let load: (Int) -> UInt32 = { t in
                let word = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
                w.storeBytes(of: word, toByteOffset: t &* 4, as: UInt32.self)
                return word
            }
            let schedule: (Int) -> UInt32 = { t in Self.scheduled(w, t) }
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, load, 0,
                             (0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5,
                              0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5))
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, load, 8,
                             (0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3,
                              0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174))
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, schedule, 16,
                             (0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC,
                              0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA))
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, schedule, 24,
                             (0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7,
                              0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967))
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, schedule, 32,
                             (0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13,
                              0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85))
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, schedule, 40,
                             (0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3,
                              0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070))
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, schedule, 48,
                             (0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5,
                              0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3))
            Self.eightRounds(&a, &b, &c, &d, &e, &f, &g, &h, schedule, 56,
                             (0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208,
                              0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2))
            return (a, b, c, d, e, f, g, h)
        }
        h0 &+= result.0
        h1 &+= result.1
        h2 &+= result.2
        h3 &+= result.3
        h4 &+= result.4
        h5 &+= result.5
        h6 &+= result.6
        h7 &+= result.7
    }

    /// Equal states: same chaining state, same length and the same pending bytes (bytes of the
    /// block past `blockCount` are leftovers and do not count).
    @inlinable
    package static func == (lhs: SHA256, rhs: SHA256) -> Bool {
        guard lhs.h0 == rhs.h0, lhs.h1 == rhs.h1, lhs.h2 == rhs.h2, lhs.h3 == rhs.h3,
              lhs.h4 == rhs.h4, lhs.h5 == rhs.h5, lhs.h6 == rhs.h6, lhs.h7 == rhs.h7,
              lhs.sameMessage(as: rhs)
        else { return false }
        return true
    }

    /// A SHA-256 digest: 32 bytes, as eight big-endian words.
    package struct Digest: Sendable, Equatable {
        /// The digest's words; word 0 holds its first four bytes, most significant first.
        package let words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

        /// A digest from its eight words.
        @inlinable
        package init(words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
            self.words = words
        }

        /// Digests are equal when their 32 bytes are.
        @inlinable
        package static func == (lhs: Digest, rhs: Digest) -> Bool {
            let (l, r) = (lhs.words, rhs.words)
            return l.0 == r.0 && l.1 == r.1 && l.2 == r.2 && l.3 == r.3
                && l.4 == r.4 && l.5 == r.5 && l.6 == r.6 && l.7 == r.7
        }

        /// The 64 lowercase hex digits of the digest, as `sha256sum` prints them.
        package var hex: String {
            let digits: StaticString = "0123456789abcdef"
            return withUnsafeBytes(of: words) { raw in
                String(unsafeUninitializedCapacity: 64) { buffer in
                    for n in 0..<8 {
                        let word = raw.load(fromByteOffset: 4 * n, as: UInt32.self)
                        for i in 0..<8 {
                            buffer[8 * n + i] = digits.utf8Start[Int((word >> UInt32(28 - 4 * i)) & 0xF)]
                        }
                    }
                    return 64
                }
            }
        }

        /// The digest read as a 256-bit big-endian integer `N`, as `N / 2^256` correctly rounded to
        /// the nearest Double (ties to even), as Python's `int / int` divides: in [0, 1], 1 only
        /// when `N` rounds up to 2^256.
        @inlinable
        package var fraction: Double {
            let w = words
            var q0 = UInt64(w.0) << 32 | UInt64(w.1)
            var q1 = UInt64(w.2) << 32 | UInt64(w.3)
            var q2 = UInt64(w.4) << 32 | UInt64(w.5)
            var q3 = UInt64(w.6) << 32 | UInt64(w.7)
            // Bring the leading one into the first word (almost always there already).
            var exponent = -64
            while q0 == 0 {
                if q1 | q2 | q3 == 0 { return 0 }
                (q0, q1, q2, q3) = (q1, q2, q3, 0)
                exponent &-= 64
            }
            let shift = q0.leadingZeroBitCount
            if shift > 0 {
                q0 = q0 << shift | q1 >> (64 &- shift)
                q1 <<= shift
                exponent &-= shift
            }
            // The bits below the leading 64 only matter as a sticky bit: one set bit below the
            // rounding position turns an exact half into "above half", as the exact quotient is.
            // Converting the 64 bits rounds to nearest-even once, so the result is correctly rounded;
            // scaling by a power of two is exact (the exponent stays far above the subnormals).
            let sticky: UInt64 = (q1 | q2 | q3) != 0 ? 1 : 0
            return Double(sign: .plus, exponent: exponent, significand: Double(q0 | sticky))
        }
    }
}
