import BurgeeCore
import Testing

/// Runs spec-fixtures/hashing/ against the murmur3 implementation and the native bucketing.
@Suite("spec-fixtures hashing vectors")
struct HashingConformanceTests {
    @Test("murmur3 vectors")
    func murmur3Vectors() throws {
        let file = try #require(FixtureFiles.json("hashing/murmur3.json").objectValue)
        let vectors = try #require(file["vectors"]?.arrayValue)
        #expect(vectors.count >= 8)
        for vector in vectors {
            let v = try #require(vector.objectValue)
            let seed = try #require(v["seed"]?.int64Value.flatMap { UInt32(exactly: $0) })
            let expected = try #require(v["hash"]?.int64Value)
            let bytes: [UInt8]
            if let text = v["input"]?.stringValue {
                bytes = Array(text.utf8)
            } else {
                bytes = try Self.hexBytes(#require(v["inputHex"]?.stringValue))
            }
            #expect(Int64(Murmur3.hash(bytes, seed: seed)) == expected, "\(v["name"]?.stringValue ?? "?")")
        }
    }

    @Test("SMHasher verification value")
    func smhasherVerification() throws {
        let file = try #require(FixtureFiles.json("hashing/murmur3.json").objectValue)
        let expected = try #require(file["smhasherVerification"]?.objectValue?["hash"]?.int64Value)
        var key = [UInt8]()
        var hashes = [UInt8]()
        for i in 0..<256 {
            let h = Murmur3.hash(key, seed: UInt32(256 - i))
            withUnsafeBytes(of: h.littleEndian) { hashes.append(contentsOf: $0) }
            key.append(UInt8(i))
        }
        #expect(Int64(Murmur3.hash(hashes, seed: 0)) == expected)
        #expect(expected == 0xB0F5_7EE3)
    }

    @Test("bucket vectors")
    func bucketVectors() throws {
        let file = try #require(FixtureFiles.json("hashing/buckets.json").objectValue)
        let vectors = try #require(file["vectors"]?.arrayValue)
        #expect(vectors.count >= 40)
        for vector in vectors {
            let v = try #require(vector.objectValue)
            let salt = try #require(v["salt"]?.stringValue)
            let seed = v["seed"]?.int64Value.flatMap { UInt32(exactly: $0) } ?? 0
            let value = try #require(v["value"])
            let label = "\(salt) \(value.serialized())"
            let expectedHash = try #require(v["hash"]?.int64Value, "\(label)")
            let expectedBucket = try #require(v["bucket"]?.int64Value, "\(label)")

            // The hash of the concatenated input, computed here from the vector's pieces.
            let text: String
            switch value {
            case .string(let s): text = s
            case .number(let n): text = String(try #require(JSONValue.exactInt64(n), "\(label)"))
            default: Issue.record("\(label): a value must be a string or an integral number"); continue
            }
            #expect(Int64(Murmur3.hash(salt + "." + text, seed: seed)) == expectedHash, "\(label)")

            // The bucket as the evaluator computes it, from the prefix state and the value.
            #expect(BucketingFamily.native(salt: salt, seed: seed).bucket(of: value, totalWeight: 100_000)
                == .integer(UInt64(expectedBucket)), "\(label)")
            let family = BucketingFamily.native(salt: salt, seed: seed)
            let bucket: Bucket
            if case .string(let s) = value {
                bucket = family.bucket(ofString: s, totalWeight: 0)
            } else {
                bucket = family.bucket(ofInteger: try #require(Int64(text)), totalWeight: 0)
            }
            #expect(bucket == .integer(UInt64(expectedBucket)), "\(label)")
        }
    }

    static func hexBytes(_ hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        try #require(digits.count % 2 == 0)
        return try stride(from: 0, to: digits.count, by: 2).map { i in
            try #require(UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16))
        }
    }
}
