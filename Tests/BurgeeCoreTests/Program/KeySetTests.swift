@testable import BurgeeCore
import Testing

@Suite("key sets")
struct KeySetTests {
    @Test("every key is found at its position; others are not", arguments: [0, 1, 3, 8, 100, 5_000])
    func positions(count: Int) {
        let keys = (0..<count).map { "key-\($0)-" + String(repeating: "x", count: $0 % 19) }
        let set = KeySet(keys)
        for (i, key) in keys.enumerated() {
            #expect(set.position(of: key) == i)
        }
        #expect(set.position(of: "missing") == nil)
        #expect(set.position(of: "") == nil)
        #expect(set.count == count)
    }

    @Test("keys compare by UTF-8 bytes: canonically equivalent strings differ, lengths 0 to 40 all distinct")
    func bytes() {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let lengths = (0...40).map { String(repeating: "a", count: $0) }
        let set = KeySet([composed] + lengths)
        #expect(set.position(of: composed) == 0)
        #expect(set.position(of: decomposed) == nil)
        for (i, key) in lengths.enumerated() {
            #expect(set.position(of: key) == i + 1)
            #expect(Array(key.utf8).withUnsafeBytes { set.contains(bytes: $0) })
        }
        // Same length, differing only in the middle or the last byte.
        let near = KeySet(["abcdefghijk", "abcdefghijl", "abcdXfghijk"])
        #expect(near.position(of: "abcdefghijl") == 1)
        #expect(near.position(of: "abcdXfghijk") == 2)
        #expect(near.position(of: "abcdefghijm") == nil)
    }

    @Test("a repeated key keeps its first position; explicit positions are returned")
    func duplicatesAndPositions() {
        let set = KeySet(["a", "b", "a"], positions: [10, 20, 30])
        #expect(set.position(of: "a") == 10)
        #expect(set.position(of: "b") == 20)
    }

    @Test("the hash depends on every byte and on the length")
    func hashes() {
        var seen = Set<UInt64>()
        for length in 0...24 {
            let base = [UInt8](repeating: 0x61, count: length)
            #expect(seen.insert(base.withUnsafeBytes(ByteHash.hash)).inserted)
            for i in 0..<length {
                var changed = base
                changed[i] = 0x62
                #expect(seen.insert(changed.withUnsafeBytes(ByteHash.hash)).inserted, "length \(length), byte \(i)")
            }
        }
    }
}
