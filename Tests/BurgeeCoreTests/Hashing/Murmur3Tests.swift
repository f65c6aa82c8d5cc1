@testable import BurgeeCore
import Testing

@Suite("murmur3 fed in pieces")
struct Murmur3Tests {
    @Test("feeding pieces equals hashing the concatenation, whatever the split")
    func piecesEqualWhole() {
        let text = Array("salt-with-ünïcode.value-42-and-more-bytes".utf8)
        for seed: UInt32 in [0, 1, 0x9747_B28C] {
            let whole = Murmur3.hash(text, seed: seed)
            for split1 in 0...text.count {
                for split2 in split1...text.count where split2 % 3 == 0 || split2 == text.count {
                    var h = Murmur3(seed: seed)
                    text[..<split1].withUnsafeBytes { h.combine($0) }
                    text[split1..<split2].withUnsafeBytes { h.combine($0) }
                    for byte in text[split2...] { h.combine(byte) }
                    #expect(h.finalize() == whole, "split at \(split1), \(split2)")
                }
            }
        }
    }

    @Test("decimal feeding equals hashing the decimal text", arguments: [
        Int64(0), 7, 42, -1, -42, 100_000, 9_007_199_254_740_993, Int64.max, Int64.min,
    ])
    func decimal(_ value: Int64) {
        var h = Murmur3(seed: 3)
        h.combineDecimal(value)
        #expect(h.finalize() == Murmur3.hash(String(value), seed: 3))
    }

    @Test("finalize leaves the hasher usable")
    func finalizeIsPure() {
        var h = Murmur3()
        h.combine("abc")
        _ = h.finalize()
        h.combine("def")
        #expect(h.finalize() == Murmur3.hash("abcdef"))
    }

    @Test("native bucketing hashes salt, dot and value; non-integral or other types are bucket 0")
    func bucketing() {
        let b = BucketingFamily.native(salt: "flag", seed: nil)
        func bucket(_ family: BucketingFamily, _ value: JSONValue?) -> Bucket { family.bucket(of: value, totalWeight: 100_000) }
        #expect(bucket(b, "u-1") == .integer(UInt64(Murmur3.hash("flag.u-1") % 100_000)))
        #expect(bucket(b, 42) == .integer(UInt64(Murmur3.hash("flag.42") % 100_000)))
        #expect(bucket(b, 42.5) == .integer(0))
        #expect(bucket(b, true) == .integer(0))
        #expect(bucket(b, nil) == .integer(0))
        #expect(bucket(b, ["a"]) == .integer(0))
        #expect(bucket(.native(salt: "flag", seed: 9), "u-1") == .integer(UInt64(Murmur3.hash("flag.u-1", seed: 9) % 100_000)))
    }
}
