@testable import BurgeeCore
import Testing

/// SHA-1 against published digests (the FIPS 180 examples and the one-million-'a' message) and
/// digests computed independently (Python's hashlib).
@Suite("SHA-1")
struct SHA1Tests {
    static let fips448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    static let fips896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

    static func sha1(_ text: String) -> SHA1.Digest {
        var hasher = SHA1()
        hasher.combine(text)
        return hasher.finalize()
    }

    @Test("known digests", arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (fips448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (fips896, "a49b2446a02c645bf419f995b67091253a04a259"),
        ("The quick brown fox jumps over the lazy dog", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"),
        ("flag.salt.Montr\u{E9}al", "4636eb1aea056961d69a6d14706a61fa677146a6"),
    ])
    func knownDigests(_ message: String, _ hex: String) {
        #expect(Self.sha1(message).hex == hex)
    }

    @Test("one million 'a', fed in uneven chunks through both paths")
    func millionA() {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        var hasher = SHA1()
        var fed = 0
        let sizes = [1, 7, 63, 64, 65, 127, 128, 1000, 3]
        var i = 0
        while fed < 1_000_000 {
            let n = min(sizes[i % sizes.count], 1_000_000 - fed)
            if i % 4 == 1 {
                for _ in 0..<n { hasher.combine(UInt8(ascii: "a")) }
            } else {
                chunk[..<n].withUnsafeBytes { hasher.combine($0) }
            }
            fed += n
            i += 1
        }
        #expect(hasher.finalize().hex == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("the 896-bit message split at every position, then fed byte by byte")
    func everySplit() {
        let bytes = Array(Self.fips896.utf8)
        for split in 0...bytes.count {
            var hasher = SHA1()
            bytes[..<split].withUnsafeBytes { hasher.combine($0) }
            bytes[split...].withUnsafeBytes { hasher.combine($0) }
            #expect(hasher.finalize().hex == "a49b2446a02c645bf419f995b67091253a04a259", "split at \(split)")
        }
        var hasher = SHA1()
        for byte in bytes { hasher.combine(byte) }
        #expect(hasher.finalize().hex == "a49b2446a02c645bf419f995b67091253a04a259")
    }

    @Test("a prefix state finalizes with different suffixes and stays unchanged")
    func prefixReuse() {
        var prefix = SHA1()
        prefix.combine("flag.salt.")
        let before = prefix
        var a = prefix
        a.combine("u-1")
        var b = prefix
        b.combine("Montr\u{E9}al")
        #expect(a.finalize().hex == "0385936556287029b83cb39e19b0035c87f95fde")
        #expect(b.finalize().hex == "4636eb1aea056961d69a6d14706a61fa677146a6")
        // finalize() pads a copy: the prefix itself is still the state after "flag.salt.".
        #expect(prefix == before)
        #expect(prefix.finalize() == Self.sha1("flag.salt."))
        prefix.combine("u-1")
        #expect(prefix.finalize().hex == "0385936556287029b83cb39e19b0035c87f95fde")
    }

    @Test("decimal feeding", arguments: [
        (Int64(0), "b6589fc6ab0dc82cf12099d1c2d40ab994e8410c"),
        (42, "92cfceb39d57d914ed8b14d0e37643de0797ae56"),
        (-7, "565e8bd101bd602536fe79ba40584a1561da3581"),
        (Int64.max, "458b642b137e2c76e0b746c6fa43e64c3d4c47f1"),
        (Int64.min, "61dad8c53f364d8c90b2282f8d4dffbd3974ca5f"),
    ])
    func decimal(_ value: Int64, _ hex: String) {
        var hasher = SHA1()
        hasher.combineDecimal(value)
        #expect(hasher.finalize().hex == hex)
    }

    @Test("the first 15 hex digits as an integer")
    func leading60Bits() {
        // sha1("hashKey.saltyA.userKeyA") = 6bec658111d6ad9 dfa4ab424c3b8f32a5260c76d
        #expect(Self.sha1("hashKey.saltyA.userKeyA").leading60Bits == 0x6BE_C658_111D_6AD9)
        #expect(Self.sha1("").leading60Bits == 0xDA3_9A3E_E5E6_B4B0)
    }

    @Test("equal states are equal whatever bytes a compressed block left behind")
    func equality() {
        let a64 = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
        var byByte = SHA1()
        for byte in a64 { byByte.combine(byte) }
        byByte.combine(UInt8(ascii: "b"))  // the block buffer still holds 63 'a' after the 'b'
        var byBuffer = SHA1()
        a64.withUnsafeBytes { byBuffer.combine($0) }  // whole block straight from memory
        byBuffer.combine(UInt8(ascii: "b"))
        #expect(byByte == byBuffer)
        #expect(byByte.finalize().hex == "18e12ba4180427807b36cbe3b0eca7727391949f")
        var other = byBuffer
        other.combine(UInt8(ascii: "c"))
        #expect(other != byBuffer)
        #expect(SHA1() == SHA1())
        #expect(Self.sha1("abc") != Self.sha1("abd"))
    }
}
