#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value behind a lock: the one lock type of every module of the package.
///
/// The value is read and written only inside ``withLock(_:)``, which holds the lock while its
/// closure runs. `Locked` is a reference: copies share one value and one lock. The lock is not
/// reentrant: calling ``withLock(_:)`` on the same value inside its closure deadlocks.
///
/// The lock is a pthread mutex because the thread sanitizer follows pthread mutexes: it
/// intercepts their lock and unlock, so it sees that one critical section ends before the next
/// begins. On Linux `Synchronization.Mutex` is built on a raw futex instead; a contended `Mutex`
/// is handed from one thread to the next inside the kernel, where the sanitizer cannot see it,
/// and it reports the critical sections as races. `NIOLockedValueBox` is a pthread mutex too, but
/// BurgeeCore depends on no package and the server depends only on BurgeeCore, and one type
/// everywhere is one type to read and to reason about.
///
/// Locking and unlocking allocate nothing; the value and the mutex live in one allocation made by
/// ``init(_:)``, at an address that never moves.
package struct Locked<Value> {
    @usableFromInline let storage: LockedStorage<Value>

    /// `value` behind a new lock.
    package init(_ value: Value) {
        storage = LockedStorage.make(value)
    }

    /// Runs `body` on the value with the lock held, and returns what it returns.
    ///
    /// The lock is released when `body` returns or throws. `body` must not call `withLock` on the
    /// same value.
    /// Always inlined where it can be: a call from another module then costs the lock, not a
    /// generic call around it.
    @inlinable @inline(__always)
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout Value) throws(E) -> Result
    ) throws(E) -> Result {
        try storage.withUnsafeMutablePointers { (value, mutex) throws(E) -> Result in
            LockedStorage<Value>.lock(mutex)
            defer { LockedStorage<Value>.unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}

// `@unchecked Sendable` is sound when `Value` is `Sendable`: the only mutable state is the value
// and the mutex, both in `storage`, which a `let` holds for the lock's life; the value is reached
// only through `withLock`, with the mutex held, so no two threads touch it at once, and the mutex
// orders each critical section before the next (the value handed between threads is `Sendable`);
// the mutex itself is made for use from any thread, and its memory never moves.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The value (the header) and its pthread mutex (the one element) in one allocation.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    /// Storage holding `value`, its mutex initialized.
    static func make(_ value: Value) -> LockedStorage<Value> {
        let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            defer { pthread_mutexattr_destroy(&attributes) }
            #if DEBUG
            // Debug builds report a thread relocking a lock it holds instead of hanging.
            pthread_mutexattr_settype(&attributes, .init(PTHREAD_MUTEX_ERRORCHECK))
            #endif
            let error = pthread_mutex_init(mutex, &attributes)
            precondition(error == 0, "pthread_mutex_init failed: \(error)")
        }
        return storage
    }

    /// Locks `mutex`, waiting for the thread that holds it.
    @inlinable @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        let error = pthread_mutex_lock(mutex)
        precondition(error == 0, "pthread_mutex_lock failed (a thread locking a lock it holds?)")
    }

    /// Unlocks `mutex`, held by this thread.
    @inlinable @inline(__always)
    static func unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        let error = pthread_mutex_unlock(mutex)
        precondition(error == 0, "pthread_mutex_unlock failed")
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            let error = pthread_mutex_destroy(mutex)
            precondition(error == 0, "pthread_mutex_destroy failed: \(error)")
        }
    }
}
