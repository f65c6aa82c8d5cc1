/// Storage for one of the matcher's two thread lists: instruction indices, in stack memory.
///
/// `withUnsafeTemporaryAllocation` uses the stack for buffers up to 1 KiB everywhere, but above
/// that it asks the runtime whether the stack has room, and the Linux runtime (Swift 6.3) always
/// answers no, falling back to `malloc`. So a list is either one buffer of at most 512 entries
/// (``RegexFlatList``, for most patterns) or a table of 1 KiB chunks (``RegexChunkedList``),
/// which keeps matching free of heap allocations for every program size.
protocol RegexThreadList {
    /// The instruction index at `index` in the list.
    subscript(index: Int) -> UInt16 { get nonmutating set }
}

/// Entries per chunk: 512 × 2 bytes, the most `withUnsafeTemporaryAllocation` always stack-allocates.
let regexChunkCapacity = 512

/// A thread list in one contiguous buffer of at most ``regexChunkCapacity`` entries.
struct RegexFlatList: RegexThreadList {
    let base: UnsafeMutablePointer<UInt16>

    @inline(__always)
    subscript(index: Int) -> UInt16 {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}

/// A thread list spread over chunks of ``regexChunkCapacity`` entries.
struct RegexChunkedList: RegexThreadList {
    /// The chunks, in order.
    let chunks: UnsafeMutablePointer<UnsafeMutablePointer<UInt16>>

    @inline(__always)
    subscript(index: Int) -> UInt16 {
        get { chunks[index >> 9][index & 511] }
        nonmutating set { chunks[index >> 9][index & 511] = newValue }
    }
}

/// Fills `table[index..<count]` with fresh 1 KiB stack chunks, then runs `body`.
///
/// Recursion keeps each chunk's frame alive while `body` runs; the depth is at most the chunk
/// count (16 for the largest program).
func withRegexStackChunks(
    _ table: UnsafeMutablePointer<UnsafeMutablePointer<UInt16>>,
    from index: Int, count: Int, _ body: () -> Bool
) -> Bool {
    if index == count { return body() }
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: regexChunkCapacity) { chunk in
        table[index] = chunk.baseAddress!
        return withRegexStackChunks(table, from: index + 1, count: count, body)
    }
}
