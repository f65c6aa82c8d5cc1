import Atomics

/// A fixed array of atomic 64-bit words, cache-line aligned: the storage of the summary counters,
/// of the exposure deduplication table and of the client's attachments. All unsafe code of the
/// event recorder lives here.
///
/// `@unchecked Sendable` is sound because the words are allocated once in `init`, freed only in
/// `deinit` (when no reference, hence no access, remains), and every access in between goes
/// through an atomic operation on an index checked against `count`.
final class AtomicWords: @unchecked Sendable {
    typealias Storage = UnsafeAtomic<UInt64>.Storage

    let count: Int
    private let base: UnsafeMutablePointer<Storage>

    init(count: Int) {
        precondition(count > 0)
        self.count = count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Storage>.stride, alignment: 64)
        base = raw.bindMemory(to: Storage.self, capacity: count)
        base.initialize(repeating: Storage(0), count: count)
    }

    deinit {
        _ = base.deinitialize(count: count)
        UnsafeMutableRawPointer(base).deallocate()
    }

    @inline(__always)
    private func word(_ index: Int) -> UnsafeAtomic<UInt64> {
        precondition(index >= 0 && index < count)
        return UnsafeAtomic(at: base + index)
    }

    @inline(__always)
    func load(_ index: Int) -> UInt64 {
        word(index).load(ordering: .relaxed)
    }

    @inline(__always)
    func store(_ value: UInt64, at index: Int) {
        word(index).store(value, ordering: .relaxed)
    }

    @inline(__always)
    func increment(_ index: Int) {
        word(index).wrappingIncrement(ordering: .relaxed)
    }

    /// The word's value, ordered after the ``storeReleasing(_:at:)`` that wrote it: what was
    /// written before that store is visible after this load.
    @inline(__always)
    func loadAcquiring(_ index: Int) -> UInt64 {
        word(index).load(ordering: .acquiring)
    }

    /// Stores `value`, ordered after everything this thread wrote before.
    func storeReleasing(_ value: UInt64, at index: Int) {
        word(index).store(value, ordering: .releasing)
    }

    /// The word's value, leaving 0 in its place.
    func take(_ index: Int) -> UInt64 {
        word(index).exchange(0, ordering: .relaxed)
    }
}
