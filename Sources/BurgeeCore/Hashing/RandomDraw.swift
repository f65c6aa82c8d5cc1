#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Values for random stickiness (Unleash's `random`, and `default` stickiness without a user or
/// session): uniform, cheap, lock-free and allocation-free; never reproducible, which random
/// stickiness does not ask for.
///
/// The system generator costs a `getrandom` system call per draw (about 1 µs here, more than a
/// whole evaluation). Instead the monotonic clock (read through the vDSO, no system call) and
/// the address of a stack slot (different on every thread) are mixed by SplitMix64's finalizer,
/// so that two draws differ in every bit whenever they differ in one nanosecond or one thread.
enum RandomDraw {
    /// A 32-bit draw.
    static func next() -> UInt32 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        var slot: UInt8 = 0
        let thread = withUnsafeMutablePointer(to: &slot) { UInt64(UInt(bitPattern: $0)) }
        let seed = UInt64(truncatingIfNeeded: time.tv_nsec) &+ UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_007
        return UInt32(truncatingIfNeeded: mix(seed ^ (thread &* 0x9E37_79B9_7F4A_7C15)) >> 32)
    }

    /// SplitMix64's finalizer: every input bit reaches every output bit.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
