import BurgeeCore
import Synchronization

/// A module's key to its state of type `T` on each client (``BurgeeClient/attachment(_:make:)``):
/// a slot number of the process, taken once, by the module's `static let`.
@usableFromInline package struct AttachmentKey<T: AnyObject & Sendable>: Sendable {
    /// The slot of every client's attachments that holds the `T`.
    @usableFromInline let slot: Int

    /// A key with a slot of its own; make one per type, in a `static let`.
    package init() {
        slot = ClientAttachments.takeSlot()
    }
}

/// State a client-side module keeps for one client (a vendor's store of stateful visitors, say),
/// made on first use and kept for the client's life. Each module keys its state by its own
/// ``AttachmentKey``, so the shared code names none.
///
/// A module's view reads its attachment on every call, so reading one is an atomic load and no
/// lock: each slot holds its object's address (retained by the slot), written once with release
/// ordering after the object is made, under a lock that keeps two threads from making it twice.
final class ClientAttachments: Sendable {
    /// Slots of the process: each attachment type takes one (the package's modules use two).
    static let capacity = 16
    private static let slotsTaken = Atomic<Int>(0)

    /// The next free slot.
    static func takeSlot() -> Int {
        let slot = slotsTaken.add(1, ordering: .relaxed).oldValue
        precondition(slot < capacity, "more than \(capacity) kinds of client attachment")
        return slot
    }

    /// Each slot's object, retained, as its address; 0 until it is made.
    private let objects = AtomicWords(count: ClientAttachments.capacity)
    /// Held while an object is made, so that each is made once; counts the objects made. (Not a
    /// `Locked<()>`: the thread sanitizer reported the closure's access to an empty value at its
    /// storage's own address, which the lock's callers read unlocked, as a race.)
    private let making = Locked(0)

    /// The object in `slot`, borrowed from the slot (which keeps it for the client's life).
    @inline(__always)
    func object(at slot: Int) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: UInt(truncatingIfNeeded: objects.loadAcquiring(slot)))
    }

    /// The object in `slot`, made by `make` if there is none yet.
    func object(at slot: Int, make: () -> AnyObject) -> UnsafeMutableRawPointer {
        making.withLock { count in
            if let existing = object(at: slot) { return existing }
            count += 1
            let made = Unmanaged.passRetained(make()).toOpaque()
            objects.storeReleasing(UInt64(UInt(bitPattern: made)), at: slot)
            return made
        }
    }

    deinit {
        for slot in 0..<Self.capacity {
            if let object = object(at: slot) { Unmanaged<AnyObject>.fromOpaque(object).release() }
        }
    }
}

extension BurgeeClient {
    /// The client's attachment under `key` (a class, so that every caller shares it), made by
    /// `make` on first use. A module's view of the client keeps its per-client state here; after
    /// the first call, reading it is one atomic load.
    @inlinable
    package func attachment<T: AnyObject & Sendable>(_ key: AttachmentKey<T>, make: () -> T) -> T {
        // The slot of `key` holds a `T` (only a `T` is ever stored there), so the casts are exact.
        if let object = attachedObject(key.slot) { return Unmanaged<T>.fromOpaque(object).takeUnretainedValue() }
        return Unmanaged<T>.fromOpaque(attach(key.slot, make: { make() })).takeUnretainedValue()
    }

    @usableFromInline
    func attachedObject(_ slot: Int) -> UnsafeMutableRawPointer? {
        attachments.object(at: slot)
    }

    @usableFromInline
    func attach(_ slot: Int, make: () -> AnyObject) -> UnsafeMutableRawPointer {
        attachments.object(at: slot, make: make)
    }
}

extension BurgeeClient.Configuration {
    /// A module's settings of type `T`, set by that module's configuration spellings
    /// (`nil` when none were set).
    package subscript<T: Sendable>(module type: T.Type) -> T? {
        get { moduleSettings[ObjectIdentifier(type)] as? T }
        set { moduleSettings[ObjectIdentifier(type)] = newValue }
    }
}
