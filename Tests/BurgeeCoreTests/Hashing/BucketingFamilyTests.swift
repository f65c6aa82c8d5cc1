@testable import BurgeeCore
import Testing

/// The families' rules on chosen hashes and buckets, and in/out percentages as two-way picks.
/// Hashes of real inputs are pinned by spec-fixtures/hashing/families.json (conformance tests).
@Suite("bucketing families")
struct BucketingFamilyTests {
    @Test("each family hashes its prefix and the value as the concatenated input")
    func prefixAndValue() {
        let value = "us\u{E9}r-42"
        #expect(BucketingFamily.native(salt: "flag", seed: 7).hash(ofString: value)
            == UInt64(Murmur3.hash("flag.us\u{E9}r-42", seed: 7)))
        #expect(BucketingFamily.native(salt: "flag", seed: nil).hash(ofInteger: -42)
            == UInt64(Murmur3.hash("flag.-42", seed: 0)))
        #expect(BucketingFamily.unleashStrategy(groupId: "g").hash(ofString: value)
            == UInt64(Murmur3.hash("g:us\u{E9}r-42", seed: 0)))
        #expect(BucketingFamily.unleashVariant(groupId: "g").hash(ofString: value)
            == UInt64(Murmur3.hash("g:us\u{E9}r-42", seed: 86_028_157)))
        #expect(BucketingFamily.flagdFractional(prefix: "my-flag").hash(ofInteger: 7)
            == UInt64(Murmur3.hash("my-flag7", seed: 0)))
        // sha1("hashKey.saltyA.userKeyA") starts 6bec658111d6ad9; with seed 61, "61.userKeyA".
        #expect(BucketingFamily.launchDarkly(flagKey: "hashKey", salt: "saltyA", seed: nil).hash(ofString: "userKeyA")
            == 0x6BE_C658_111D_6AD9)
        var seeded = SHA1()
        seeded.combine("61.userKeyA")
        #expect(BucketingFamily.launchDarkly(flagKey: "hashKey", salt: "saltyA", seed: 61).hash(ofString: "userKeyA")
            == seeded.finalize().leading60Bits)
    }

    @Test("bucket rules on chosen hashes")
    func bucketRules() {
        let native = BucketingFamily.native(salt: "s", seed: nil)
        #expect(native.bucket(ofHash: 4_294_967_295, totalWeight: 0) == .integer(67_295))
        let strategy = BucketingFamily.unleashStrategy(groupId: "g")
        #expect(strategy.bucket(ofHash: 0, totalWeight: 0) == .integer(1))
        #expect(strategy.bucket(ofHash: 199, totalWeight: 0) == .integer(100))
        let variant = BucketingFamily.unleashVariant(groupId: "g")
        #expect(variant.bucket(ofHash: 2_999, totalWeight: 1000) == .integer(1000))
        #expect(variant.bucket(ofHash: 3_000, totalWeight: 1000) == .integer(1))
        #expect(variant.bucket(ofHash: 3_000, totalWeight: 0) == .integer(0))
        let fractional = BucketingFamily.flagdFractional(prefix: "")
        #expect(fractional.bucket(ofHash: 0x8000_0000, totalWeight: 100) == .integer(50))
        #expect(fractional.bucket(ofHash: 0x7FFF_FFFF, totalWeight: 100) == .integer(49))
        #expect(fractional.bucket(ofHash: 0xFFFF_FFFF, totalWeight: 100) == .integer(99))
        // (2^32 - 1) * (2^64 - 1) needs 96 bits; >> 32 it is 2^64 - 2^32 - 1.
        #expect(fractional.bucket(ofHash: 0xFFFF_FFFF, totalWeight: .max) == .integer(0xFFFF_FFFE_FFFF_FFFF))
        #expect(fractional.bucket(ofHash: 0xFFFF_FFFF, totalWeight: 0) == .integer(0))
    }

    @Test("LaunchDarkly buckets: 32-bit Float, rounding to nearest, 1 at the very top")
    func launchDarklyBuckets() {
        let ld = BucketingFamily.launchDarkly(flagKey: "f", salt: "s", seed: nil)
        #expect(ld.bucket(ofHash: 0, totalWeight: 0) == .fraction(0))
        #expect(ld.bucket(ofHash: 1 << 59, totalWeight: 0) == .fraction(0.5))
        // Floats just below 2^60 are 2^36 apart: a hash 2^35 below 2^60 is a tie, rounded to even (2^60).
        #expect(ld.bucket(ofHash: (1 << 60) - (1 << 35), totalWeight: 0) == .fraction(1))
        #expect(ld.bucket(ofHash: (1 << 60) - (1 << 35) - 1, totalWeight: 0) == .fraction(1 - 0x1p-24))
        #expect(ld.bucket(ofHash: (1 << 60) - 1, totalWeight: 0) == .fraction(1))
        // 2^24 + 1 is not a Float: rounds to even, 2^24.
        #expect(ld.bucket(ofHash: (1 << 24) + 1, totalWeight: 0) == .fraction(0x1p-36))
    }

    @Test("a context without a value is bucket 0")
    func zeroBucket() {
        #expect(BucketingFamily.native(salt: "s", seed: 3).zeroBucket == .integer(0))
        #expect(BucketingFamily.launchDarkly(flagKey: "f", salt: "s", seed: nil).zeroBucket == .fraction(0))
        #expect(BucketingFamily.unleashStrategy(groupId: "g").zeroBucket == .integer(0))
        #expect(BucketingFamily.flagdFractional(prefix: "f").zeroBucket == .integer(0))
        #expect(BucketingFamily.kameleoon(container: 1, respool: nil).zeroBucket == .double(0))
    }

    @Test("native in/out: in iff bucket < weight")
    func nativeInOut() {
        let family = BucketingFamily.native(salt: "s", seed: nil)
        let buckets: [UInt64] = [0, 1, 2, 4_999, 5_000, 5_001, 49_999, 50_000, 99_998, 99_999]
        for weight: UInt64 in [0, 1, 2, 5_000, 5_001, 50_000, 99_999, 100_000] {
            let pick = WeightedPick(family: family, weights: [weight, 100_000 - weight])
            for b in buckets {
                #expect((pick.index(for: .integer(b)) == 0) == (b < weight), "weight \(weight), bucket \(b)")
            }
        }
    }

    @Test("Unleash strategy in/out: in iff pct > 0 && bucket <= pct, every bucket and percentage")
    func unleashInOut() {
        let family = BucketingFamily.unleashStrategy(groupId: "g")
        for pct: UInt64 in 0...100 {
            let pick = WeightedPick(family: family, weights: [pct, 100 - pct])
            for b: UInt64 in 1...100 {
                #expect((pick.index(for: .integer(b)) == 0) == (pct > 0 && b <= pct), "pct \(pct), bucket \(b)")
            }
        }
    }

    @Test("LaunchDarkly segment in/out: in iff bucket < Float(weight) / 100000")
    func launchDarklyInOut() {
        let family = BucketingFamily.launchDarkly(flagKey: "f", salt: "s", seed: nil)
        let buckets: [Float] = [0, 0x1p-36, 0.25, 0.5, Float(0.5).nextUp, 0.49999997, 0.7, 0.99999994, 1]
        for weight: UInt64 in [0, 1, 25_000, 49_999, 50_000, 50_001, 70_000, 99_999, 100_000] {
            let pick = WeightedPick(family: family, weights: [weight, 100_000 - weight])
            let threshold = Float(weight) / 100_000
            for b in buckets {
                #expect((pick.index(for: .fraction(b)) == 0) == (b < threshold), "weight \(weight), bucket \(b)")
            }
        }
    }

    @Test("flagd in/out over a total: in iff bucket < weight")
    func flagdInOut() {
        let family = BucketingFamily.flagdFractional(prefix: "")
        for weight: UInt64 in 0...10 {
            let pick = WeightedPick(family: family, weights: [weight, 10 - weight])
            for b: UInt64 in 0..<10 {
                #expect((pick.index(for: .integer(b)) == 0) == (b < weight))
            }
        }
    }

    @Test("picks: boundaries, zero weights, sums short of the scale")
    func picks() {
        let native = WeightedPick(family: .native(salt: "s", seed: nil), weights: [0, 30_000, 0, 70_000])
        #expect(native.totalWeight == 100_000)
        #expect(native.index(for: .integer(0)) == 1)
        #expect(native.index(for: .integer(29_999)) == 1)
        #expect(native.index(for: .integer(30_000)) == 3)
        #expect(native.index(for: .integer(99_999)) == 3)
        let short = WeightedPick(family: .flagdFractional(prefix: ""), weights: [10, 10])
        #expect(short.index(for: .integer(25)) == 1)
        let variant = WeightedPick(family: .unleashVariant(groupId: "g"), weights: [0, 1, 0, 2])
        #expect(variant.totalWeight == 3)
        #expect(variant.index(for: .integer(1)) == 1)
        #expect(variant.index(for: .integer(2)) == 3)
        #expect(variant.index(for: .integer(3)) == 3)
        // Running sums in Float: 0.33333, 0.66666, 1.
        let ld = WeightedPick(family: .launchDarkly(flagKey: "f", salt: "s", seed: nil), weights: [33_333, 33_333, 33_334])
        #expect(ld.index(for: .fraction(0.33332)) == 0)
        #expect(ld.index(for: .fraction(0.33333)) == 1)
        #expect(ld.index(for: .fraction(0.99999994)) == 2)
        #expect(ld.index(for: .fraction(1)) == 2)
        // These weights add up to 100000, but their Float running sum ends at 0.99999994: a bucket
        // from there to 1 is above every sum and gets the last variation, here one of weight 0.
        let shortOfOne = WeightedPick(family: .launchDarkly(flagKey: "f", salt: "s", seed: nil),
                                      weights: [277, 34_632, 21_815, 1_654, 21_241, 11_586, 3_369, 5_340, 86, 0])
        #expect(shortOfOne.index(for: .fraction(0.9999998)) == 8)
        #expect(shortOfOne.index(for: .fraction(0.99999994)) == 9)
        let ldShort = WeightedPick(family: .launchDarkly(flagKey: "f", salt: "s", seed: nil), weights: [10_000, 10_000, 10_000])
        #expect(ldShort.index(for: .fraction(0.15)) == 1)
        #expect(ldShort.index(for: .fraction(0.5)) == 2)
    }

    @Test("a bucket of the other kind picks the last index; totals saturate")
    func mismatchAndSaturation() {
        let native = WeightedPick(family: .native(salt: "s", seed: nil), weights: [50_000, 50_000])
        #expect(native.index(for: .fraction(0.1)) == 1)
        let ld = WeightedPick(family: .launchDarkly(flagKey: "f", salt: "s", seed: nil), weights: [50_000, 50_000])
        #expect(ld.index(for: .integer(0)) == 1)
        let huge = WeightedPick(family: .flagdFractional(prefix: ""), weights: [.max, 5])
        #expect(huge.totalWeight == .max)
        #expect(huge.index(for: .integer(.max - 1)) == 0)
    }

    @Test("bucket descriptions")
    func descriptions() {
        #expect(Bucket.integer(62_403).description == "62403")
        #expect(Bucket.fraction(0.5).description == "0.5")
        #expect(Bucket.double(0.9502115959913093).description == "0.9502115959913093")
    }

    static func sha256Fraction(_ input: String) -> Double {
        var hasher = SHA256()
        hasher.combine(input)
        return hasher.finalize().fraction
    }

    @Test("Kameleoon hashes the value, then the container, then a non-zero respool time")
    func kameleoonSuffix() {
        let plain = BucketingFamily.kameleoon(container: 1001, respool: nil)
        #expect(plain == .sha256Fraction(suffix: "1001"))
        #expect(plain.hash(ofString: "visitor-1") == Self.sha256Fraction("visitor-11001").bitPattern)
        #expect(plain.hash(ofInteger: -42) == Self.sha256Fraction("-421001").bitPattern)
        #expect(BucketingFamily.kameleoon(container: 1001, respool: 1_700_000_000)
            == .sha256Fraction(suffix: "10011700000000"))
        #expect(BucketingFamily.kameleoon(container: 7, respool: 0) == .sha256Fraction(suffix: "7"))
        #expect(BucketingFamily.kameleoon(container: -5, respool: -3) == .sha256Fraction(suffix: "-5-3"))
        #expect(BucketingFamily.kameleoonGroup("checkout-group") == .sha256Fraction(suffix: "checkout-group"))
        #expect(BucketingFamily.kameleoonGroup("checkout-group").hash(ofString: "visitor-1")
            == Self.sha256Fraction("visitor-1checkout-group").bitPattern)
    }

    @Test("Kameleoon buckets are the hash's Double; no value is 0")
    func kameleoonBuckets() {
        let family = BucketingFamily.kameleoon(container: 1001, respool: nil)
        #expect(family.bucket(ofString: "visitor-1", totalWeight: 0) == .double(0.9502115959913093))
        #expect(family.bucket(of: .string("visitor-1"), totalWeight: 1) == .double(0.9502115959913093))
        #expect(family.bucket(of: .number(42), totalWeight: 1) == .double(Self.sha256Fraction("421001")))
        #expect(family.bucket(ofHash: Double(0.25).bitPattern, totalWeight: 0) == .double(0.25))
        #expect(family.zeroBucket == .double(0))
        #expect(family.bucket(of: .bool(true), totalWeight: 1) == .double(0))
    }

    @Test("Kameleoon in/out: in iff bucket <= exposition")
    func kameleoonInOut() {
        let family = BucketingFamily.kameleoon(container: 1, respool: nil)
        let values: [Double] = [0, 0.1, 0.25, Double(0.5).nextDown, 0.5, Double(0.5).nextUp, 0.7, Double(1.0).nextDown, 1]
        for exposition in values {
            let pick = WeightedPick(family: family, weights: [exposition.bitPattern, (1 - exposition).bitPattern])
            #expect(pick.totalWeight == 1)
            for b in values {
                #expect((pick.index(for: .double(b)) == 0) == (b <= exposition), "exposition \(exposition), bucket \(b)")
            }
        }
    }

    @Test("Kameleoon picks: Double running sums, the first >= bucket, none -> the last")
    func kameleoonPicks() {
        let family = BucketingFamily.kameleoon(container: 1, respool: nil)
        let thirds = WeightedPick(family: family, weights: Array(repeating: (1.0 / 3).bitPattern, count: 3))
        #expect(thirds.index(for: .double(0)) == 0)
        #expect(thirds.index(for: .double(1.0 / 3)) == 0)
        #expect(thirds.index(for: .double((1.0 / 3).nextUp)) == 1)
        // 1/3 + 1/3 + 1/3 is exactly 1 in Double.
        #expect(thirds.index(for: .double(1)) == 2)
        let short = WeightedPick(family: family, weights: [Double(0.1).bitPattern, Double(0.0).bitPattern, Double(0.1).bitPattern])
        #expect(short.index(for: .double(0.1)) == 0)
        #expect(short.index(for: .double(0.15)) == 2)
        // 0.1 + 0.1 is 0.2 in Double; above it none is picked, and the last index stands for none.
        #expect(short.index(for: .double(Double(0.2).nextUp)) == 2)
        let withNone = WeightedPick(family: family, weights: [Double(0.1).bitPattern, Double(0.1).bitPattern, Double.infinity.bitPattern])
        #expect(withNone.index(for: .double(0.2)) == 1)
        #expect(withNone.index(for: .double(Double(0.2).nextUp)) == 2)
        // Buckets of another kind pick the last index, as for the other families.
        #expect(thirds.index(for: .fraction(0)) == 2)
        #expect(thirds.index(for: .integer(0)) == 2)
    }

    @Test("a mutually exclusive group's slot: min(floor(bucket * count), count - 1)")
    func slots() {
        func slot(_ bucket: Double, of count: Int) -> Int? {
            let picked = (0..<count).filter { WeightedPick(slot: $0, of: count).index(for: .double(bucket)) == 0 }
            return picked.count == 1 ? picked[0] : nil
        }
        #expect(slot(0, of: 1) == 0)
        #expect(slot(1, of: 1) == 0)
        #expect(slot(0, of: 3) == 0)
        #expect(slot((1.0 / 3).nextDown, of: 3) == 0)
        // (1/3) * 3 rounds to exactly 1 in Double.
        #expect(slot(1.0 / 3, of: 3) == 1)
        #expect(slot(0.5, of: 2) == 1)
        #expect(slot(Double(0.5).nextDown, of: 2) == 0)
        #expect(slot(Double(1.0).nextDown, of: 7) == 6)
        #expect(slot(1, of: 7) == 6)
        #expect(slot(0.32216110017603994, of: 7) == 2)
        #expect(WeightedPick(slot: 0, of: 2).totalWeight == 1)
        // A bucket of another kind is never in a slot.
        #expect(WeightedPick(slot: 0, of: 1).index(for: .integer(0)) == 1)
    }
}
