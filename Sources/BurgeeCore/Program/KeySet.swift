/// A set of strings compared by their UTF-8 bytes, each with its position: flag keys, target
/// keys, segment key lists.
///
/// Open addressing over ``ByteHash`` with linear probing, at most half full, so a lookup is one
/// hash, usually one probe and one byte comparison. Slots and key bytes live in memory the set
/// allocates once, so a lookup reads no array and takes no reference.
///
/// `@unchecked Sendable` is sound because the memory is written only in `init`, before the set is
/// shared, and freed only in `deinit`, when no reference (hence no reader) remains.
final class KeySet: @unchecked Sendable {
    private struct Slot {
        var hash: UInt64
        /// Where the key's bytes start in `bytes`; `UInt32.max` for an empty slot.
        var offset: UInt32
        var length: UInt32
        var position: Int32
    }

    private let slots: UnsafeMutablePointer<Slot>
    private let mask: Int
    private let bytes: UnsafeMutablePointer<UInt8>
    /// How many keys were given.
    let count: Int

    /// A set of `keys`; a repeated key keeps its first position. A key's position is its index
    /// in `keys`, or the matching element of `positions` when given.
    init(_ keys: [String], positions: [Int32]? = nil) {
        var capacity = 4
        while capacity < keys.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        count = keys.count
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, offset: .max, length: 0, position: -1), count: capacity)
        var arena: [UInt8] = []
        for key in keys { arena += key.utf8 }
        bytes = .allocate(capacity: max(arena.count, 1))
        bytes.initialize(from: arena, count: arena.count)
        var offset = 0
        for (position, key) in keys.enumerated() {
            let length = key.utf8.count
            defer { offset += length }
            let view = UnsafeRawBufferPointer(start: bytes + offset, count: length)
            let hash = ByteHash.hash(view)
            guard lookup(view, hash) == nil else { continue }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].offset != .max { slot = (slot &+ 1) & mask }
            slots[slot] = Slot(hash: hash, offset: UInt32(offset), length: UInt32(length),
                              position: positions?[position] ?? Int32(position))
        }
    }

    deinit {
        slots.deallocate()
        bytes.deallocate()
    }

    /// The position of `key`, if present.
    @inline(__always)
    func position(of key: String) -> Int? {
        ExactString.withBytes(of: key) { lookup($0, ByteHash.hash($0)) }
    }

    /// Whether `key` is present.
    @inline(__always)
    func contains(_ key: String) -> Bool {
        position(of: key) != nil
    }

    /// Whether the key with these UTF-8 bytes is present.
    @inline(__always)
    func contains(bytes key: UnsafeRawBufferPointer) -> Bool {
        lookup(key, ByteHash.hash(key)) != nil
    }

    @inline(__always)
    private func lookup(_ key: UnsafeRawBufferPointer, _ hash: UInt64) -> Int? {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[index]
            if slot.offset == .max { return nil }
            if slot.hash == hash, Int(slot.length) == key.count,
               ExactString.equal(UnsafeRawBufferPointer(start: bytes + Int(slot.offset), count: key.count), key) {
                return Int(slot.position)
            }
            index = (index &+ 1) & mask
        }
    }
}
