import Synchronization

/// An immutable array whose memory a program owns, read through a pointer.
///
/// Reading an element of a Swift array held by a shared object can retain the array's buffer,
/// and every retain writes the shared object's reference count: on two cores that write costs
/// more than a whole evaluation. A table's elements are read in place, so evaluating touches no
/// reference count of shared data. This file holds the program's unsafe memory: a table made by
/// ``init(_:)`` owns its memory, which its owner frees exactly once with ``release()``; a
/// ``Program``'s tables read a ``TableStorage`` that the program keeps alive.
///
/// `@unchecked Sendable` is sound because the elements a table reads are written only before the
/// table is shared (by ``init(_:)``, or by the ``TableStorage`` before the table is made), never
/// again, and freed only when no reader remains (``release()`` by the owner's `deinit`, or the
/// storage's own `deinit`).
@usableFromInline
struct ProgramTable<Element>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int
    /// The storage it reads, for a table made over one: what a program continued from this one
    /// appends to. Unretained: the program holding the table holds the storage.
    let storage: Unmanaged<TableStorage<Element>>?

    /// A table holding `elements`, in memory of its own.
    init(_ elements: [Element]) {
        let count = elements.count
        let base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        elements.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.initialize(from: address, count: count) }
        }
        self.count = count
        self.base = base
        storage = nil
    }

    /// The first `count` elements of `storage`.
    fileprivate init(_ storage: TableStorage<Element>, count: Int) {
        self.base = storage.base
        self.count = count
        self.storage = Unmanaged.passUnretained(storage)
    }

    /// The element at `index`, read in place.
    @inlinable
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

    /// Frees the memory of a table made by ``init(_:)``; only its owner calls this, once.
    func release() {
        precondition(storage == nil, "a table over a storage is freed by its storage")
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// The memory of a program's table, which the programs continued from it share: each reads its
/// first elements, and a program continued from the last one appends its own after them.
///
/// A program relinked for one patched flag (``ProgramLinker/relink(_:_:flagAt:was:)``) keeps
/// every record of the others, so appending the flag's new records to the shared memory costs
/// what the flag has, where copying every table cost what the program has.
///
/// `@unchecked Sendable` is sound because an element is written once, by the one caller whose
/// ``append(_:after:)`` claimed its place (an atomic exchange) or by ``init(_:capacity:)``, before
/// any table reading it exists, and is freed only by `deinit`, when no program (hence no table)
/// reads it.
final class TableStorage<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int
    /// How many elements are written; places are claimed before they are written.
    private let claimed: Atomic<Int>

    /// `elements` in memory with room for `capacity`.
    private init(_ elements: UnsafeBufferPointer<Element>, then more: [Element], capacity: Int) {
        let count = elements.count + more.count
        let capacity = Swift.max(capacity, count, 1)
        let base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        self.capacity = capacity
        self.base = base
        if let address = elements.baseAddress { base.initialize(from: address, count: elements.count) }
        more.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { (base + elements.count).initialize(from: address, count: more.count) }
        }
        claimed = Atomic(count)
    }

    /// A table over new storage holding `elements`, with room for `capacity`.
    static func table(_ elements: [Element], capacity: Int = 0) -> (ProgramTable<Element>, TableStorage<Element>) {
        let storage = TableStorage(UnsafeBufferPointer(start: nil, count: 0), then: elements, capacity: capacity)
        return (ProgramTable(storage, count: elements.count), storage)
    }

    /// `table`'s elements followed by `more`, sharing `table`'s storage when nothing was appended
    /// after `table` and there is room; otherwise in new storage with room to grow.
    static func table(continuing table: ProgramTable<Element>, appending more: [Element]) -> (ProgramTable<Element>, TableStorage<Element>) {
        if let storage = table.storage?.takeUnretainedValue() {
            if more.isEmpty { return (table, storage) }
            let count = table.count + more.count
            if count <= storage.capacity,
               storage.claimed.compareExchange(expected: table.count, desired: count, ordering: .relaxed).exchanged {
                more.withUnsafeBufferPointer { source in
                    (storage.base + table.count).initialize(from: source.baseAddress!, count: more.count)
                }
                return (ProgramTable(storage, count: count), storage)
            }
        }
        let count = table.count + more.count
        let storage = TableStorage(UnsafeBufferPointer(start: table.base, count: table.count), then: more,
                                   capacity: count + count / 4 + 64)
        return (ProgramTable(storage, count: count), storage)
    }

    deinit {
        base.deinitialize(count: claimed.load(ordering: .relaxed))
        base.deallocate()
    }
}

/// The elements of one of a ``Program``'s tables while it is built: those of the table it
/// continues (shared, never written), then those appended.
struct TableBuilder<Element> {
    private let continued: ProgramTable<Element>?
    private var appended: [Element] = []

    /// An empty table.
    init() { continued = nil }

    /// A table that starts with `table`'s elements.
    init(continuing table: ProgramTable<Element>) { continued = table }

    var count: Int { (continued?.count ?? 0) + appended.count }

    mutating func append(_ element: Element) { appended.append(element) }

    static func += (table: inout TableBuilder, elements: some Sequence<Element>) {
        table.appended.append(contentsOf: elements)
    }

    /// The table built, and the storage that the program must keep alive.
    func build() -> (ProgramTable<Element>, TableStorage<Element>) {
        guard let continued else { return TableStorage.table(appended) }
        return TableStorage.table(continuing: continued, appending: appended)
    }
}
