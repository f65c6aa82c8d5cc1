import BurgeeCore
import Foundation
import Testing

/// Runs spec-fixtures/hashing/families.json: every hash, bucket and pick is computed by
/// `BucketingFamily` and `WeightedPick` and compared with the file.
@Suite("spec-fixtures bucketing families")
struct BucketingFamilyConformanceTests {
    /// Decoded with JSONDecoder rather than JSONValue: LaunchDarkly hashes reach 2^60 and some
    /// values 2^53, beyond what a Double holds exactly.
    static func load() throws -> FamiliesFixture.File {
        let data = try Data(contentsOf: FixtureFiles.root.appendingPathComponent("hashing/families.json"))
        return try JSONDecoder().decode(FamiliesFixture.File.self, from: data)
    }

    @Test("native: salt \".\" value, murmur3 with seed, h % 100000")
    func native() throws {
        let cases = try Self.load().native.cases
        #expect(cases.count >= 20)
        for c in cases {
            let family = BucketingFamily.native(salt: c.salt, seed: c.seed)
            #expect(c.input == c.salt + "." + c.value.text, "\(c.name)")
            #expect(UInt64(Murmur3.hash(c.input, seed: c.seed ?? 0)) == c.hash, "\(c.name)")
            #expect(c.value.hash(family) == c.hash, "\(c.name)")
            let bucket = c.value.bucket(family, totalWeight: 0)
            #expect(bucket == .integer(c.bucket), "\(c.name)")
            // The evaluator's bucket of the attribute value agrees.
            #expect(family.bucket(of: c.value.json, totalWeight: 0) == .integer(c.bucket), "\(c.name)")
            checkPicks(c.picks, family: family, bucket: bucket, name: c.name)
            checkInOut(c.inOut, family: family, scale: 100_000, bucket: bucket, name: c.name)
        }
    }

    @Test("Unleash strategy: groupId \":\" value, murmur3 seed 0, h % 100 + 1")
    func unleashStrategy() throws {
        let cases = try Self.load().unleashStrategy.cases
        #expect(cases.count >= 20)
        for c in cases {
            let family = BucketingFamily.unleashStrategy(groupId: c.groupId)
            #expect(c.input == c.groupId + ":" + c.value.text, "\(c.name)")
            #expect(UInt64(Murmur3.hash(c.input, seed: 0)) == c.hash, "\(c.name)")
            #expect(c.value.hash(family) == c.hash, "\(c.name)")
            let bucket = c.value.bucket(family, totalWeight: 0)
            #expect(bucket == .integer(c.bucket), "\(c.name)")
            checkPicks(c.picks, family: family, bucket: bucket, name: c.name)
            checkInOut(c.inOut, family: family, scale: 100, bucket: bucket, name: c.name)
        }
    }

    @Test("Unleash variant: groupId \":\" value, murmur3 seed 86028157, h % total + 1")
    func unleashVariant() throws {
        let cases = try Self.load().unleashVariant.cases
        #expect(cases.count >= 20)
        for c in cases {
            let groupId = try #require(c.groupId, "\(c.name)")
            let family = BucketingFamily.unleashVariant(groupId: groupId)
            #expect(c.input == groupId + ":" + c.value.text, "\(c.name)")
            #expect(UInt64(Murmur3.hash(c.input, seed: 86_028_157)) == c.hash, "\(c.name)")
            try checkScaled(c, family: family)
        }
    }

    @Test("flagd fractional: prefix value, murmur3 seed 0, (h * total) >> 32")
    func flagdFractional() throws {
        let cases = try Self.load().flagdFractional.cases
        #expect(cases.count >= 20)
        for c in cases {
            let prefix = try #require(c.prefix, "\(c.name)")
            let family = BucketingFamily.flagdFractional(prefix: prefix)
            #expect(c.input == prefix + c.value.text, "\(c.name)")
            #expect(UInt64(Murmur3.hash(c.input, seed: 0)) == c.hash, "\(c.name)")
            try checkScaled(c, family: family)
        }
    }

    @Test("LaunchDarkly: SHA-1, 15 hex digits, 32-bit Float bucket")
    func launchDarkly() throws {
        let cases = try Self.load().launchDarkly.cases
        #expect(cases.count >= 20)
        for c in cases {
            let family = BucketingFamily.launchDarkly(flagKey: c.flagKey, salt: c.salt, seed: c.seed)
            let prefix = c.seed.map { String($0) } ?? c.flagKey + "." + c.salt
            #expect(c.input == prefix + "." + c.value.text, "\(c.name)")
            var whole = SHA1()
            whole.combine(c.input)
            #expect(whole.finalize().hex == c.sha1, "\(c.name)")
            #expect(c.value.hash(family) == c.hash, "\(c.name)")
            let bucket = c.value.bucket(family, totalWeight: 0)
            #expect(bucket == .fraction(Float(bitPattern: c.bucketBits)), "\(c.name): \(bucket)")
            // The decimal names the same Float (9 significant digits identify every Float).
            #expect(bucket == .fraction(Float(c.bucket)), "\(c.name): \(bucket)")
            checkPicks(c.picks, family: family, bucket: bucket, name: c.name)
            checkInOut(c.inOut, family: family, scale: 100_000, bucket: bucket, name: c.name)
        }
    }

    @Test("Kameleoon: SHA-256 of value + suffix, as a Double fraction of 2^256")
    func kameleoon() throws {
        let cases = try Self.load().kameleoon.cases
        #expect(cases.count >= 20)
        #expect(cases.contains { $0.group != nil })
        #expect(cases.contains { $0.respool != nil })
        for c in cases {
            let family: BucketingFamily
            if let group = c.group {
                family = .kameleoonGroup(group)
                #expect(c.input == c.code + group, "\(c.name)")
            } else {
                let container = try #require(c.container, "\(c.name)")
                family = .kameleoon(container: container, respool: c.respool)
                let respool = c.respool.map { $0 == 0 ? "" : String($0) } ?? ""
                #expect(c.input == c.code + String(container) + respool, "\(c.name)")
            }
            var whole = SHA256()
            whole.combine(c.input)
            #expect(whole.finalize().hex == c.sha256, "\(c.name)")
            #expect(Double(bitPattern: family.hash(ofString: c.code)) == c.hash, "\(c.name)")
            let bucket = family.bucket(ofString: c.code, totalWeight: 1)
            #expect(bucket == .double(c.hash), "\(c.name): \(bucket)")
            #expect(family.bucket(of: .string(c.code), totalWeight: 1) == .double(c.hash), "\(c.name)")
            #expect(!c.picks.isEmpty, "\(c.name)")
            for pick in c.picks {
                if let expositions = pick.expositions {
                    let weights = expositions.map(\.bitPattern)
                    // No pick is the last index; a sentinel weight after the expositions tells it apart.
                    let picked = WeightedPick(family: family, weights: weights).index(for: bucket)
                    #expect(picked == pick.index ?? expositions.count - 1, "\(c.name) \(expositions)")
                    let withNone = WeightedPick(family: family, weights: weights + [Double.infinity.bitPattern])
                    #expect(withNone.index(for: bucket) == pick.index ?? expositions.count, "\(c.name) \(expositions)")
                } else {
                    let count = try #require(pick.flags, "\(c.name)")
                    let expected = try #require(pick.index, "\(c.name)")
                    for slot in 0..<count {
                        #expect((WeightedPick(slot: slot, of: count).index(for: bucket) == 0) == (slot == expected),
                                "\(c.name) slot \(slot) of \(count)")
                    }
                }
            }
            for entry in c.inOut ?? [] {
                let pick = WeightedPick(family: family, weights: [entry.exposition.bitPattern, (1 - entry.exposition).bitPattern])
                #expect((pick.index(for: bucket) == 0) == entry.isIn, "\(c.name) exposition \(entry.exposition)")
            }
            #expect((c.inOut?.isEmpty ?? true) == (c.group != nil), "\(c.name)")
        }
    }

    /// The families scaled by the weight total: the bucket is per pick.
    func checkScaled(_ c: FamiliesFixture.ScaledCase, family: BucketingFamily) throws {
        #expect(c.value.hash(family) == c.hash, "\(c.name)")
        #expect(!c.picks.isEmpty, "\(c.name)")
        for pick in c.picks {
            let weightedPick = WeightedPick(family: family, weights: pick.weights)
            #expect(weightedPick.totalWeight == pick.totalWeight, "\(c.name) \(pick.weights)")
            let bucket = c.value.bucket(family, totalWeight: weightedPick.totalWeight)
            let expected = try #require(pick.bucket, "\(c.name) \(pick.weights)")
            #expect(bucket == .integer(expected), "\(c.name) \(pick.weights)")
            #expect(weightedPick.index(for: bucket) == pick.index, "\(c.name) \(pick.weights)")
        }
    }

    func checkPicks(_ picks: [FamiliesFixture.Pick], family: BucketingFamily, bucket: Bucket, name: String) {
        #expect(!picks.isEmpty, "\(name)")
        for pick in picks {
            #expect(WeightedPick(family: family, weights: pick.weights).index(for: bucket) == pick.index,
                    "\(name) \(pick.weights)")
        }
    }

    @Test("Split, algo 2: the key, murmur3 with the seed as 32 bits, h % 100 + 1", arguments: [true, false])
    func split(murmur: Bool) throws {
        let file = try Self.load()
        let cases = murmur ? file.splitMurmur.cases : file.splitLegacy.cases
        #expect(cases.count >= 40)
        #expect(cases.contains { $0.name.contains("-published-") })
        for c in cases {
            let family = BucketingFamily.split(seed: c.seed, murmur: murmur)
            #expect(c.input == c.value.text, "\(c.name)")
            let raw = c.value.hash(family)
            #expect((murmur ? Int64(raw) : Int64(Int32(truncatingIfNeeded: raw))) == c.hash, "\(c.name)")
            let bucket = c.value.bucket(family, totalWeight: 0)
            #expect(bucket == .integer(c.bucket), "\(c.name)")
            checkPicks(c.picks, family: family, bucket: bucket, name: c.name)
            checkInOut(c.inOut, family: family, scale: 100, bucket: bucket, name: c.name)
        }
    }

    @Test("Datadog and Eppo: MD5 of salt-key, the first four bytes big-endian, modulo totalShards, in ranges")
    func datadogShard() throws {
        let cases = try Self.load().datadogShard.cases
        #expect(cases.count >= 20)
        for c in cases {
            let family = BucketingFamily.ufcShard(salt: c.salt)
            #expect(c.input == c.salt + "-" + c.value, "\(c.name)")
            var md5 = MD5()
            md5.combine(c.input)
            #expect(md5.finalize().hex.hasPrefix(c.md5), "\(c.name)")
            #expect(family.hash(ofString: c.value) == c.hash, "\(c.name)")
            let bucket = family.bucket(ofString: c.value, totalWeight: c.totalShards)
            #expect(bucket == .integer(c.shard), "\(c.name)")
            #expect(!c.ranges.isEmpty, "\(c.name)")
            for entry in c.ranges {
                let pick = WeightedPick(ranges: entry.ranges.map { (start: $0.start, end: $0.end) }, scale: c.totalShards)
                #expect((pick.index(for: bucket) == 0) == entry.in, "\(c.name) \(entry.ranges.map { "\($0.start)..<\($0.end)" })")
            }
        }
    }

    /// An in/out percentage is the pick between `[weight, scale - weight]`, index 0 meaning in.
    func checkInOut(_ entries: [FamiliesFixture.InOut], family: BucketingFamily, scale: UInt64, bucket: Bucket, name: String) {
        #expect(!entries.isEmpty, "\(name)")
        for entry in entries {
            guard let weight = entry.weight ?? entry.percentage ?? entry.allocation else {
                Issue.record("\(name): an inOut entry without weight or percentage")
                continue
            }
            let pick = WeightedPick(family: family, weights: [weight, scale - weight])
            #expect((pick.index(for: bucket) == 0) == entry.isIn, "\(name) weight \(weight)")
        }
    }
}

// MARK: - The file's shape

/// The shape of families.json.
enum FamiliesFixture {
    struct File: Decodable {
        let native: Family<NativeCase>
        let unleashStrategy: Family<UnleashStrategyCase>
        let unleashVariant: Family<ScaledCase>
        let flagdFractional: Family<ScaledCase>
        let launchDarkly: Family<LaunchDarklyCase>
        let splitMurmur: Family<SplitCase>
        let splitLegacy: Family<SplitCase>
        let kameleoon: Family<KameleoonCase>
        let datadogShard: Family<DatadogShardCase>
    }

    /// A Datadog/Eppo shard: the hash input `salt-value`, the MD5 prefix, the shard, and ranges in or out.
    struct DatadogShardCase: Decodable {
        let name: String
        let salt: String
        let value: String
        let input: String
        let md5: String
        let hash: UInt64
        let totalShards: UInt64
        let shard: UInt64
        let ranges: [ShardRanges]
    }

    struct ShardRanges: Decodable {
        struct Range: Decodable {
            let start: UInt64
            let end: UInt64
        }
        let ranges: [Range]
        let `in`: Bool
    }

    /// A Kameleoon case: a container (and respool time) or a mutually exclusive group.
    struct KameleoonCase: Decodable {
        let name: String
        let code: String
        let container: Int64?
        let respool: Int64?
        let group: String?
        let input: String
        let sha256: String
        let hash: Double
        let picks: [KameleoonPick]
        let inOut: [KameleoonInOut]?
    }

    /// Expositions and the index picked (nil: none), or a group of `flags` flags and the slot.
    struct KameleoonPick: Decodable {
        let expositions: [Double]?
        let flags: Int?
        let index: Int?
    }

    struct KameleoonInOut: Decodable {
        let exposition: Double
        let isIn: Bool

        enum CodingKeys: String, CodingKey {
            case exposition
            case isIn = "in"
        }
    }

    struct SplitCase: Decodable {
        let name: String
        let seed: Int32
        let value: BucketedValue
        let input: String
        /// Unsigned for murmur3, signed for the legacy hash.
        let hash: Int64
        let bucket: UInt64
        let picks: [Pick]
        let inOut: [InOut]
    }

    struct Family<Case: Decodable>: Decodable {
        let cases: [Case]
    }

    /// A bucketed value: a string (its UTF-8 bytes) or an integer (its decimal text).
    enum BucketedValue: Decodable {
        case string(String)
        case integer(Int64)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let s = try? container.decode(String.self) {
                self = .string(s)
            } else {
                self = .integer(try container.decode(Int64.self))
            }
        }

        var text: String {
            switch self {
            case .string(let s): return s
            case .integer(let i): return String(i)
            }
        }

        var json: JSONValue {
            switch self {
            case .string(let s): return .string(s)
            case .integer(let i): return .number(Double(i))
            }
        }

        func hash(_ family: BucketingFamily) -> UInt64 {
            switch self {
            case .string(let s): return family.hash(ofString: s)
            case .integer(let i): return family.hash(ofInteger: i)
            }
        }

        func bucket(_ family: BucketingFamily, totalWeight: UInt64) -> Bucket {
            switch self {
            case .string(let s): return family.bucket(ofString: s, totalWeight: totalWeight)
            case .integer(let i): return family.bucket(ofInteger: i, totalWeight: totalWeight)
            }
        }
    }

    struct Pick: Decodable {
        let weights: [UInt64]
        let index: Int
        let totalWeight: UInt64?
        let bucket: UInt64?
    }

    struct InOut: Decodable {
        let weight: UInt64?
        let percentage: UInt64?
        let allocation: UInt64?
        let isIn: Bool

        enum CodingKeys: String, CodingKey {
            case weight, percentage, allocation
            case isIn = "in"
        }
    }

    struct NativeCase: Decodable {
        let name: String
        let salt: String
        let seed: UInt32?
        let value: BucketedValue
        let input: String
        let hash: UInt64
        let bucket: UInt64
        let picks: [Pick]
        let inOut: [InOut]
    }

    struct UnleashStrategyCase: Decodable {
        let name: String
        let groupId: String
        let value: BucketedValue
        let input: String
        let hash: UInt64
        let bucket: UInt64
        let picks: [Pick]
        let inOut: [InOut]
    }

    /// Unleash variant (`groupId`) and flagd fractional (`prefix`) cases.
    struct ScaledCase: Decodable {
        let name: String
        let groupId: String?
        let prefix: String?
        let value: BucketedValue
        let input: String
        let hash: UInt64
        let picks: [Pick]
    }

    struct LaunchDarklyCase: Decodable {
        let name: String
        let flagKey: String
        let salt: String
        let seed: Int64?
        let value: BucketedValue
        let input: String
        let sha1: String
        let hash: UInt64
        let bucket: Double
        let bucketBits: UInt32
        let picks: [Pick]
        let inOut: [InOut]
    }
}
