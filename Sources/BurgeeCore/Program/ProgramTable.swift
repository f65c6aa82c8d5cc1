/// An immutable array whose memory a ``Program`` owns, read through a pointer.
///
/// Reading an element of a Swift array held by a shared object can retain the array's buffer,
/// and every retain writes the shared object's reference count: on two cores that write costs
/// more than a whole evaluation. A table's elements are read in place, so evaluating touches no
/// reference count of shared data. This is the one type of the program that holds unsafe
/// memory; ``Program`` frees every table exactly once, in its `deinit`.
///
/// `@unchecked Sendable` is sound because the memory is written only by ``init(_:)``, before the
/// table is shared, and freed only by ``release()``, which the owning program calls once, when no
/// reference to the program (hence no reader) remains.
struct ProgramTable<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    /// A table holding `elements`.
    init(_ elements: [Element]) {
        count = elements.count
        base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        elements.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.initialize(from: address, count: count) }
        }
    }

    /// The element at `index`, read in place.
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && index < count, "program table index out of range")
            return UnsafePointer(base + index)
        }
    }

    /// The element at a 32-bit index, as the program's records store them.
    subscript(index: Int32) -> Element {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && Int(index) < count, "program table index out of range")
            return UnsafePointer(base + Int(index))
        }
    }

    /// A copy of the elements, for a program that continues this one (``ProgramLinker/relink(_:_:flagAt:was:)``).
    var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Frees the memory; only the owning program calls this, once.
    func release() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
