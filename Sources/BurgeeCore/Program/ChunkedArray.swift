/// An array stored in chunks of 64 elements, so that a copy with one element changed copies one
/// chunk and the list of chunks, not every element.
///
/// A program made from the previous one with one flag laid out again
/// (``ProgramLinker/relink(_:_:flagAt:was:)``) keeps the flags' cold data (``FlagInfo``, problems)
/// this way: the two programs share every chunk but the changed flag's, where a plain array would
/// copy and later free ten thousand elements, each with its references, for every patch.
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    private static var chunkShift: Int { 6 }
    private static var chunkMask: Int { (1 << chunkShift) - 1 }

    private var chunks: [[Element]]
    let count: Int

    /// The elements of `elements`, in order.
    init(_ elements: [Element]) {
        count = elements.count
        chunks = stride(from: 0, to: elements.count, by: 1 << Self.chunkShift).map { start in
            Array(elements[start..<Swift.min(start + (1 << Self.chunkShift), elements.count)])
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return chunks[index >> Self.chunkShift][index & Self.chunkMask]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            chunks[index >> Self.chunkShift][index & Self.chunkMask] = newValue
        }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
