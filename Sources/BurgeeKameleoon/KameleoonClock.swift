#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wall clock in Unix milliseconds, for visitor data added before the first configuration
/// (afterwards the configuration's evaluation clock is read).
enum KameleoonClock {
    static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
