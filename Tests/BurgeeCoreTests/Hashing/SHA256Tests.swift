@testable import BurgeeCore
import Testing

/// SHA-256 against published digests (the FIPS 180 examples and the one-million-'a' message),
/// digests computed independently (Python's hashlib) at every padding boundary, and the digest's
/// correctly rounded fraction of 2^256.
@Suite("SHA-256")
struct SHA256Tests {
    static let fips448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    static let fips896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

    static func sha256(_ text: String) -> SHA256.Digest {
        var hasher = SHA256()
        hasher.combine(text)
        return hasher.finalize()
    }

    @Test("known digests", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (fips448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (fips896, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
        ("Montr\u{E9}al1001", "8f307995ad4d9bbcab330e25246aa49001f2799b4c1b838599befaa3005d6d64"),
    ])
    func knownDigests(_ message: String, _ hex: String) {
        #expect(Self.sha256(message).hex == hex)
    }

    /// 55 bytes pad within their block, 56 to 63 need a second one, 64 fill one exactly.
    @Test("lengths around the padding boundaries", arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (1000, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func boundaries(_ count: Int, _ hex: String) {
        let message = String(repeating: "a", count: count)
        #expect(Self.sha256(message).hex == hex)
        var bytewise = SHA256()
        for byte in message.utf8 { bytewise.combine(byte) }
        #expect(bytewise.finalize().hex == hex)
    }

    @Test("one million 'a', fed in uneven chunks through both paths")
    func millionA() {
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        var hasher = SHA256()
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
        #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("the 896-bit message split at every position")
    func everySplit() {
        let bytes = Array(Self.fips896.utf8)
        for split in 0...bytes.count {
            var hasher = SHA256()
            bytes[..<split].withUnsafeBytes { hasher.combine($0) }
            bytes[split...].withUnsafeBytes { hasher.combine($0) }
            #expect(hasher.finalize().hex == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
                    "split at \(split)")
        }
    }

    @Test("finalize leaves the hasher unchanged, to be fed further")
    func finalizeThenFeed() {
        var hasher = SHA256()
        hasher.combine("Montr\u{E9}al")
        let before = hasher
        _ = hasher.finalize()
        #expect(hasher == before)
        hasher.combineDecimal(1001)
        #expect(hasher.finalize().hex == "8f307995ad4d9bbcab330e25246aa49001f2799b4c1b838599befaa3005d6d64")
        #expect(hasher != before)
    }

    @Test("the fraction of 2^256 is correctly rounded to a Double")
    func fraction() {
        func fraction(_ w: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) -> Double {
            SHA256.Digest(words: w).fraction
        }
        #expect(fraction((0, 0, 0, 0, 0, 0, 0, 0)) == 0)
        #expect(fraction((.max, .max, .max, .max, .max, .max, .max, .max)) == 1)
        // The first 64 bits 0x8000000000000400 sit halfway between two Doubles: a tie goes to the
        // even one, any bit further down breaks it upwards (a plain UInt64 conversion would not).
        #expect(fraction((0x8000_0000, 0x400, 0, 0, 0, 0, 0, 0)) == 0.5)
        #expect(fraction((0x8000_0000, 0x400, 0, 0, 0, 0, 0, 1)) == 0x1.0000000000001p-1)
        #expect(fraction((0x8000_0000, 0xC00, 0, 0, 0, 0, 0, 0)) == 0x1.0000000000002p-1)
        // Leading zeros: the 64 bits are taken from the leading one on, and the bits shifted into
        // them count; a tie there, then broken by a bit below.
        #expect(fraction((0x8000, 0, 0x0400_0000, 0, 0, 0, 0, 0)) == 0x1p-17)
        #expect(fraction((0x8000, 0, 0x0400_0000, 1, 0, 0, 0, 0)) == 0x1.0000000000001p-17)
        #expect(fraction((0x8000, 0, 0x0400_0000, 0, 0, 0, 0, 1)) == 0x1.0000000000001p-17)
        #expect(fraction((0, 0, 0x8000_0000, 0, 0, 0, 0, 0)) == 0x1p-65)
        #expect(fraction((0, 0, 0, 0, 0, 0, 0, 1)) == 0x1p-256)
        // Kameleoon's Python SDK: 0.9502115959913093 for "visitor-11001".
        #expect(Self.sha256("visitor-11001").fraction == 0.9502115959913093)
    }
}
