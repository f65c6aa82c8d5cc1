import Atomics

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds the current value (the client's state) so that any number of threads read it without
/// locks or reference counting, while one writer replaces it.
///
/// Reading costs two atomic increments on a per-thread-stripe cache line and no retain: a reader
/// announces itself in `entered`, loads the pointer, uses the object borrowed, and leaves by
/// incrementing one exit slot — which doubles as the evaluation counter of its reason kind, so
/// the metrics cost nothing extra. A writer swaps the pointer and releases the old object only
/// after every reader that could have loaded it has left (a two-phase grace period, as in
/// sleepable RCU). `ManagedAtomic` loads and `Mutex` reads cost 28 and 20 ns here; this costs 10
/// including the evaluation count (docs/performance.md).
///
/// The client's unsafe memory management lives here and in `AtomicWords` (the event recorder's
/// counters, the addresses of the client's attachments); elsewhere, the `Unmanaged` objects of
/// `ClientAttachments` (each retained by its slot for the client's life and read as the type its
/// key names), `_withUnsafeGuaranteedRef` on the snapshot this cell lends, and the
/// byte buffers of `FileIO` and `ExposureFingerprint`.
///
/// `@unchecked Sendable` is sound because:
/// - every shared mutable word (`current`, `phase`, the counters) is accessed only through atomic
///   operations, all sequentially consistent;
/// - `Value` is `Sendable` and immutable to readers;
/// - an object is released only by ``replace(with:)`` after ``waitForReaders()``: a reader that
///   loaded it incremented `entered[p]` (for the phase `p` it read) before its load, and its load
///   precedes the writer's exchange, so that increment precedes the writer's later counter reads;
///   the writer waits for both phases in turn (flipping between them, so new readers cannot starve
///   it) until the phase's exits equal its entries, reading exits before entries so that a reader
///   still inside always keeps the difference positive;
/// - writers are serialized (checked with `writing`), and the cell is released only when no
///   reference to it, hence no reader, remains.
package final class SnapshotCell<Value: AnyObject & Sendable>: @unchecked Sendable {
    /// The slots of one counter line (eight): `entered`, six evaluation reason kinds, other reads.
    package static var enteredSlot: Int { 0 }
    package static var otherReadSlot: Int { 7 }
    /// Cache-line pairs per phase; readers pick one by thread so that cores rarely share a line.
    package static var stripes: Int { 1 << stripeBits }
    package static var stripeBits: Int { 4 }
    package static var lineStride: Int { 128 }

    private let current: UnsafeAtomic<Unmanaged<Value>>
    private let phase: UnsafeAtomic<Int>
    private let writing: UnsafeAtomic<Bool>
    private let counters: UnsafeMutableRawPointer

    package init(_ initial: Value) {
        current = .create(Unmanaged.passRetained(initial))
        phase = .create(0)
        writing = .create(false)
        let bytes = 2 * Self.stripes * Self.lineStride
        counters = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: Self.lineStride)
        counters.initializeMemory(as: Int.self, repeating: 0, count: bytes / MemoryLayout<Int>.stride)
    }

    deinit {
        current.load(ordering: .sequentiallyConsistent).release()
        current.destroy()
        phase.destroy()
        writing.destroy()
        counters.deallocate()
    }

    // MARK: Reading

    /// Reads the current value; `body` returns its result and the exit slot (1...7) to count.
    @inline(__always)
    package func readCounting<R>(_ body: (Value) -> (R, slot: Int)) -> R {
        let p = phase.load(ordering: .sequentiallyConsistent)
        let line = Self.line(counters, phase: p, stripe: Self.currentStripe())
        Self.counter(line, Self.enteredSlot).wrappingIncrement(ordering: .sequentiallyConsistent)
        let (result, slot) = current.load(ordering: .sequentiallyConsistent)._withUnsafeGuaranteedRef(body)
        Self.counter(line, slot).wrappingIncrement(ordering: .sequentiallyConsistent)
        return result
    }

    /// Reads the current value, counting one read that is not an evaluation.
    @inline(__always)
    package func read<R>(_ body: (Value) -> R) -> R {
        readCounting { (body($0), Self.otherReadSlot) }
    }

    /// Reads the current value for a body that evaluates many flags and tallies their reason slots
    /// (indices 1...6 of `tally`).
    package func readCountingMany<R>(_ body: (Value, inout EvaluationTally) -> R) -> R {
        let p = phase.load(ordering: .sequentiallyConsistent)
        let line = Self.line(counters, phase: p, stripe: Self.currentStripe())
        Self.counter(line, Self.enteredSlot).wrappingIncrement(ordering: .sequentiallyConsistent)
        var tally = EvaluationTally()
        let result = current.load(ordering: .sequentiallyConsistent)._withUnsafeGuaranteedRef { body($0, &tally) }
        let total = tally.total
        if total == 0 {
            Self.counter(line, Self.otherReadSlot).wrappingIncrement(ordering: .sequentiallyConsistent)
        } else {
            // Counted as `total` readers: the extra entries come before any exit, so the phase's
            // in-flight count never drops to zero before the last exit below.
            if total > 1 {
                Self.counter(line, Self.enteredSlot).wrappingIncrement(by: total - 1, ordering: .sequentiallyConsistent)
            }
            for slot in 1...6 where tally[slot] > 0 {
                Self.counter(line, slot).wrappingIncrement(by: tally[slot], ordering: .sequentiallyConsistent)
            }
        }
        return result
    }

    /// Evaluations counted so far, by exit slot 1...6 (index 0 unused).
    package func evaluationCounts() -> [Int] {
        var totals = [Int](repeating: 0, count: 7)
        for p in 0..<2 {
            for s in 0..<Self.stripes {
                let line = Self.line(counters, phase: p, stripe: s)
                for slot in 1...6 { totals[slot] &+= Self.counter(line, slot).load(ordering: .relaxed) }
            }
        }
        return totals
    }

    // MARK: Writing

    /// Publishes `new` and returns the previous value once no reader can still be using it.
    ///
    /// Blocks the calling thread while readers finish (an evaluation's time; longer only if a
    /// reader's thread is descheduled). Calls must not overlap.
    package func replace(with new: Value) -> Value {
        let (exchanged, _) = writing.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
        precondition(exchanged, "SnapshotCell.replace(with:) called concurrently")
        defer { writing.store(false, ordering: .sequentiallyConsistent) }
        let old = current.exchange(Unmanaged.passRetained(new), ordering: .sequentiallyConsistent)
        waitForReaders()
        return old.takeRetainedValue()
    }

    /// Waits until every reader that started before the call has left.
    private func waitForReaders() {
        for _ in 0..<2 {
            let p = phase.load(ordering: .sequentiallyConsistent)
            phase.store(1 - p, ordering: .sequentiallyConsistent)
            var attempt = 0
            while inFlight(phase: p) > 0 {
                // Yield first; back off to 1 ms sleeps for a reader whose thread is descheduled.
                // The shift stops at 10: from 63 on, `1 << n` is negative or 0, and negative traps.
                if attempt < 32 { sched_yield() } else { usleep(UInt32(min(1 << min(attempt - 32, 10), 1_000))) }
                attempt += 1
            }
        }
    }

    private func inFlight(phase p: Int) -> Int {
        var exits = 0
        for s in 0..<Self.stripes {
            let line = Self.line(counters, phase: p, stripe: s)
            for slot in 1...7 { exits &+= Self.counter(line, slot).load(ordering: .sequentiallyConsistent) }
        }
        var entries = 0
        for s in 0..<Self.stripes {
            entries &+= Self.counter(Self.line(counters, phase: p, stripe: s), Self.enteredSlot)
                .load(ordering: .sequentiallyConsistent)
        }
        return entries &- exits
    }

    // MARK: Layout

    @inline(__always)
    private static func line(_ base: UnsafeMutableRawPointer, phase: Int, stripe: Int) -> UnsafeMutableRawPointer {
        base + (phase &* stripes &+ stripe) &* lineStride
    }

    @inline(__always)
    private static func counter(_ line: UnsafeMutableRawPointer, _ slot: Int) -> UnsafeAtomic<Int> {
        UnsafeAtomic(at: (line + slot &* MemoryLayout<Int>.stride).assumingMemoryBound(to: UnsafeAtomic<Int>.Storage.self))
    }

    /// A stripe for the calling thread, from the address of its stack: threads' stacks are
    /// megabytes apart, and reading the stack pointer costs less than a call to `pthread_self`.
    @inline(__always)
    private static func currentStripe() -> Int {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return Int(truncatingIfNeeded: ((address >> 16) &* 0x9E37_79B9_7F4A_7C15) >> (UInt.bitWidth - stripeBits))
    }
}

/// Evaluations by reason slot (1...6), for reads that evaluate many flags.
package struct EvaluationTally {
    package var counts = (0, 0, 0, 0, 0, 0, 0) as (Int, Int, Int, Int, Int, Int, Int)

    package var total: Int { counts.1 + counts.2 + counts.3 + counts.4 + counts.5 + counts.6 }

    package mutating func count(slot: Int) {
        switch slot {
        case 1: counts.1 += 1
        case 2: counts.2 += 1
        case 3: counts.3 += 1
        case 4: counts.4 += 1
        case 5: counts.5 += 1
        default: counts.6 += 1
        }
    }

    package subscript(slot: Int) -> Int {
        switch slot {
        case 1: counts.1
        case 2: counts.2
        case 3: counts.3
        case 4: counts.4
        case 5: counts.5
        default: counts.6
        }
    }
}
