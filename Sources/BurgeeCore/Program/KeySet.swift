/// A set of strings compared by their UTF-8 bytes, each with its position: flag keys, target
/// keys, segment key lists.
///
/// Open addressing over ``ByteHash`` with linear probing; the table is at most half full, so a
/// lookup is one hash, usually one probe and one byte comparison.

struct KeySet: Sendable {
    /// The keys, in the order given; a key's position is its index here.
    let keys: [String]
    let hashes: [UInt64]
    /// Position + 1 of the key in each slot; 0 for an empty slot.
    let slots: [Int32]
    let mask: Int

    /// A set of `keys`; a repeated key keeps its first position.
    init(_ keys: [String]) {
        var capacity = 4
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        let hashes = keys.map(ByteHash.hash)
        let mask = capacity - 1
        for (position, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: hashes[position]) & mask
            var duplicate = false
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if hashes[other] == hashes[position] && ExactString.bytesEqual(keys[other], key) {
                    duplicate = true
                    break
                }
                slot = (slot &+ 1) & mask
            }
            if !duplicate { slots[slot] = Int32(position + 1) }
        }
        self.keys = keys
        self.hashes = hashes
        self.slots = slots
        self.mask = mask
    }

    /// How many keys were given.
    var count: Int { keys.count }

    /// The position of `key`, if present.
    
    func position(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { position(ofBytes: UnsafeRawBufferPointer($0)) }
    }

    /// Whether `key` is present.
    
    func contains(_ key: String) -> Bool {
        position(of: key) != nil
    }

    
    func position(ofBytes bytes: UnsafeRawBufferPointer) -> Int? {
        let hash = ByteHash.hash(bytes)
        return slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let entry = Int(slots[slot])
                    if entry == 0 { return nil }
                    if hashes[entry &- 1] == hash && Self.equal(keys, entry &- 1, bytes) { return entry &- 1 }
                    slot = (slot &+ 1) & mask
                }
            }
        }
    }

    
    static func equal(_ keys: [String], _ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var candidate = keys[index]
        return candidate.withUTF8 { c in
            c.count == bytes.count && (c.count == 0 || memcmpEqual(UnsafeRawBufferPointer(c), bytes))
        }
    }

    
    static func memcmpEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = a.count
        while n &- i >= 8 {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i &+= 8
        }
        while i < n {
            if a[i] != b[i] { return false }
            i &+= 1
        }
        return true
    }
}
