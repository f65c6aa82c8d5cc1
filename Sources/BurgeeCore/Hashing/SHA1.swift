/// SHA-1 (FIPS 180-4), fed incrementally, without allocating.
///
/// LaunchDarkly bucketing hashes `prefix + "." + value` where the prefix is constant per rollout:
/// a compiled rollout keeps the state after the prefix, and evaluation copies it and feeds only the
/// value. SHA-1 serves here as a bucketing function, not for security.
package struct SHA1: BlockHasher, Sendable, Equatable {
    /// The chaining state H0…H4.
    @usableFromInline var h0: UInt32 = 0x6745_2301
    @usableFromInline var h1: UInt32 = 0xEFCD_AB89
    @usableFromInline var h2: UInt32 = 0x98BA_DCFE
    @usableFromInline var h3: UInt32 = 0x1032_5476
    @usableFromInline var h4: UInt32 = 0xC3D2_E1F0
    /// The message not yet compressed, and its length (``BlockHasher``).
    @usableFromInline package var block: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline package var blockCount: Int = 0
    @usableFromInline package var length: UInt64 = 0

    /// A hasher with nothing fed.
    @inlinable
    package init() {}

    /// The digest of everything fed so far; the hasher itself is unchanged.
    @inlinable
    package func finalize() -> Digest {
        let copy = padded()
        return Digest(words: (copy.h0, copy.h1, copy.h2, copy.h3, copy.h4))
    }

    /// Word `t` (16…79) of the message schedule, computed from the 16-word window `w` and stored
    /// back in the slot of word `t - 16`.
    @inline(__always)
    static func scheduled(_ w: UnsafeMutableRawBufferPointer, _ t: Int) -> UInt32 {
        let offset = (t & 15) &* 4
        let x = w.load(fromByteOffset: ((t &+ 13) & 15) &* 4, as: UInt32.self)
            ^ w.load(fromByteOffset: ((t &+ 8) & 15) &* 4, as: UInt32.self)
            ^ w.load(fromByteOffset: ((t &+ 2) & 15) &* 4, as: UInt32.self)
            ^ w.load(fromByteOffset: offset, as: UInt32.self)
        let word = (x << 1) | (x >> 31)
        w.storeBytes(of: word, toByteOffset: offset, as: UInt32.self)
        return word
    }

    /// The round functions of the four groups of 20 rounds.
    @usableFromInline
    enum Mix {
        case choose, parity, majority, parity2

        @inline(__always)
        func callAsFunction(_ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
            switch self {
            case .choose: return d ^ (b & (c ^ d))
            case .parity, .parity2: return b ^ c ^ d
            case .majority: return (b & c) | (d & (b | c))
            }
        }

        @inline(__always)
        var constant: UInt32 {
            switch self {
            case .choose: return 0x5A82_7999
            case .parity: return 0x6ED9_EBA1
            case .majority: return 0x8F1B_BCDC
            case .parity2: return 0xCA62_C1D6
            }
        }
    }

    /// One round in place: `e` takes the new value and `b` is rotated; the caller rotates the
    /// roles of the five variables instead of moving them, five rounds per step.
    @inline(__always)
    static func round(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32,
                      _ mix: Mix, word: UInt32) {
        // `a` is the newest variable: it comes last, so that the rest can be summed before it is ready.
        e = (e &+ mix.constant &+ word &+ mix(b, c, d)) &+ ((a << 5) | (a >> 27))
        b = (b << 30) | (b >> 2)
    }

    /// Five rounds from word `t` (a multiple of 5), the variables' roles rotating back to where
    /// they started.
    @inline(__always)
    static func fiveRounds(_ a: inout UInt32, _ b: inout UInt32, _ c: inout UInt32, _ d: inout UInt32, _ e: inout UInt32,
                           _ mix: Mix, _ word: (Int) -> UInt32, _ t: Int) {
        round(a, &b, c, d, &e, mix, word: word(t))
        round(e, &a, b, c, &d, mix, word: word(t &+ 1))
        round(d, &e, a, b, &c, mix, word: word(t &+ 2))
        round(c, &d, e, a, &b, mix, word: word(t &+ 3))
        round(b, &c, d, e, &a, mix, word: word(t &+ 4))
    }

    /// Compresses one 64-byte block into the chaining state.
    @usableFromInline
    package mutating func compress(_ bytes: UnsafeRawBufferPointer) {
        // The message schedule is a rolling window of 16 words, in inline storage. Rounds go five
        // at a time with the variables' roles rotating, so that no round moves a variable; the
        // shared steps are static functions rather than nested ones (capturing variables would box
        // them in unoptimized builds). The working variables live inside the closure, so that they
        // are not captured and can stay in registers.
        var window: Block = (0, 0, 0, 0, 0, 0, 0, 0)
        let state = (h0, h1, h2, h3, h4)
        let result = withUnsafeMutableBytes(of: &window) { w in
            var (a, b, c, d, e) = state
            let load: (Int) -> UInt32 = { t in
                let word = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self))
                w.storeBytes(of: word, toByteOffset: t &* 4, as: UInt32.self)
                return word
            }
            let schedule: (Int) -> UInt32 = { t in Self.scheduled(w, t) }
            Self.fiveRounds(&a, &b, &c, &d, &e, .choose, load, 0)
            Self.fiveRounds(&a, &b, &c, &d, &e, .choose, load, 5)
            Self.fiveRounds(&a, &b, &c, &d, &e, .choose, load, 10)
            Self.round(a, &b, c, d, &e, .choose, word: load(15))
            Self.round(e, &a, b, c, &d, .choose, word: Self.scheduled(w, 16))
            Self.round(d, &e, a, b, &c, .choose, word: Self.scheduled(w, 17))
            Self.round(c, &d, e, a, &b, .choose, word: Self.scheduled(w, 18))
            Self.round(b, &c, d, e, &a, .choose, word: Self.scheduled(w, 19))
            // Written out rather than looped: constant word offsets, no index arithmetic.
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity, schedule, 20)
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity, schedule, 25)
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity, schedule, 30)
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity, schedule, 35)
            Self.fiveRounds(&a, &b, &c, &d, &e, .majority, schedule, 40)
            Self.fiveRounds(&a, &b, &c, &d, &e, .majority, schedule, 45)
            Self.fiveRounds(&a, &b, &c, &d, &e, .majority, schedule, 50)
            Self.fiveRounds(&a, &b, &c, &d, &e, .majority, schedule, 55)
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity2, schedule, 60)
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity2, schedule, 65)
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity2, schedule, 70)
            Self.fiveRounds(&a, &b, &c, &d, &e, .parity2, schedule, 75)
            return (a, b, c, d, e)
        }
        h0 &+= result.0
        h1 &+= result.1
        h2 &+= result.2
        h3 &+= result.3
        h4 &+= result.4
    }

    /// Equal states: same chaining state, same length and the same pending bytes (bytes of the
    /// block past `blockCount` are leftovers and do not count).
    @inlinable
    package static func == (lhs: SHA1, rhs: SHA1) -> Bool {
        guard lhs.h0 == rhs.h0, lhs.h1 == rhs.h1, lhs.h2 == rhs.h2, lhs.h3 == rhs.h3, lhs.h4 == rhs.h4,
              lhs.sameMessage(as: rhs)
        else { return false }
        return true
    }

    /// A SHA-1 digest: 20 bytes, as five big-endian words.
    package struct Digest: Sendable, Equatable {
        /// The digest's words; word 0 holds its first four bytes, most significant first.
        package let words: (UInt32, UInt32, UInt32, UInt32, UInt32)

        /// A digest from its five words.
        @inlinable
        package init(words: (UInt32, UInt32, UInt32, UInt32, UInt32)) {
            self.words = words
        }

        /// Digests are equal when their 20 bytes are.
        @inlinable
        package static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words == rhs.words
        }

        /// The 40 lowercase hex digits of the digest, as `sha1sum` prints them.
        package var hex: String {
            let digits: StaticString = "0123456789abcdef"
            let words = self.words
            return String(unsafeUninitializedCapacity: 40) { buffer in
                func put(_ word: UInt32, at offset: Int) {
                    for i in 0..<8 {
                        buffer[offset + i] = digits.utf8Start[Int((word >> UInt32(28 - 4 * i)) & 0xF)]
                    }
                }
                put(words.0, at: 0)
                put(words.1, at: 8)
                put(words.2, at: 16)
                put(words.3, at: 24)
                put(words.4, at: 32)
                return 40
            }
        }

        /// The value of the first 15 hex digits (60 bits): LaunchDarkly's bucketing hash.
        @inlinable
        package var leading60Bits: UInt64 {
            (UInt64(words.0) << 28) | (UInt64(words.1) >> 4)
        }
    }
}
