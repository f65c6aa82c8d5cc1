/// A hash over 64-byte blocks whose padding ends with the message's bit length (SHA-1, SHA-256
/// big-endian, MD5 little-endian): what they share, the gathering of bytes into blocks and the
/// padding; each compresses a block its own way and keeps its own chaining state.
package protocol BlockHasher: ByteHasher {
    /// Whether the padding writes the bit length big-endian (SHA) rather than little-endian (MD5).
    static var bigEndianLength: Bool { get }
    /// 64 bytes of inline storage, 8-byte aligned: a tuple, not an array, so that a hasher lives
    /// in inline storage and copying one allocates nothing.
    typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Bytes of the current block not yet compressed, in message order.
    var block: Block { get set }
    /// How many bytes of `block` are filled (0..<64).
    var blockCount: Int { get set }
    /// Total message length in bytes; the padding encodes it in bits.
    var length: UInt64 { get set }
    /// Compresses one 64-byte block into the chaining state.
    mutating func compress(_ bytes: UnsafeRawBufferPointer)
}

extension BlockHasher {
    /// Big-endian, as the SHA family has it.
    @inlinable
    package static var bigEndianLength: Bool { true }

    /// Feeds one byte.
    @inlinable @inline(__always)
    package mutating func combine(_ byte: UInt8) {
        let index = blockCount
        withUnsafeMutableBytes(of: &block) { $0[index] = byte }
        blockCount &+= 1
        length &+= 1
        if blockCount == 64 { compressBlock() }
    }

    /// Feeds raw bytes.
    @inlinable
    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        var i = 0
        length &+= UInt64(n)
        // Top up a partly filled block, then compress whole blocks straight from the caller's memory.
        if blockCount != 0 {
            let take = Swift.min(64 &- blockCount, n)
            let start = blockCount
            withUnsafeMutableBytes(of: &block) { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start &+ take)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<take]))
            }
            blockCount &+= take
            i = take
            if blockCount < 64 { return }
            compressBlock()
        }
        while n &- i >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[i..<(i &+ 64)]))
            i &+= 64
        }
        if i < n {
            let rest = n &- i
            withUnsafeMutableBytes(of: &block) { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[0..<rest])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[i..<n]))
            }
            blockCount = rest
        }
    }

    /// A copy with the padding compressed: its chaining state is the digest of everything fed so
    /// far, and the hasher itself is unchanged (a prefix state can be finalized with any number
    /// of suffixes).
    @inlinable
    package func padded() -> Self {
        var copy = self
        // Padding: 0x80, zeros, then the length in bits as a UInt64 in the last 8 bytes
        // of a block (a second block when fewer than 9 bytes are left in this one).
        let count = blockCount
        withUnsafeMutableBytes(of: &copy.block) { buffer in
            buffer[count] = 0x80
            for j in (count &+ 1)..<64 { buffer[j] = 0 }
        }
        if count >= 56 {
            copy.compressBlock()
            copy.block = (0, 0, 0, 0, 0, 0, 0, 0)
        }
        withUnsafeMutableBytes(of: &copy.block) { buffer in
            let bits = length &* 8
            buffer.storeBytes(of: Self.bigEndianLength ? bits.bigEndian : bits.littleEndian, toByteOffset: 56, as: UInt64.self)
        }
        copy.compressBlock()
        return copy
    }

    /// Compresses the full `block` and empties it.
    @inlinable
    package mutating func compressBlock() {
        // A copy, so that reading the block does not overlap with updating the state.
        let full = block
        withUnsafeBytes(of: full) { compress($0) }
        blockCount = 0
    }

    /// Whether the message state (what is buffered and how much was fed) is the same.
    @inlinable
    package func sameMessage(as other: Self) -> Bool {
        guard length == other.length, blockCount == other.blockCount else { return false }
        let count = blockCount
        return withUnsafeBytes(of: block) { l in
            withUnsafeBytes(of: other.block) { r in l.prefix(count).elementsEqual(r.prefix(count)) }
        }
    }
}
