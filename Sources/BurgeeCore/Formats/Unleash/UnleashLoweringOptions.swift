#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What lowering Unleash definitions needs from outside the document.
package struct UnleashLoweringOptions: Sendable {
    /// The host name `applicationHostname` strategies compare with (case-insensitively).
    package var hostname: String
    /// Pins the evaluation time for `DATE_AFTER`/`DATE_BEFORE` when a context has no
    /// `currentTime`; `nil` reads the system clock (once per evaluation, only when needed).
    package var now: Timestamp?
    /// The code of custom strategies, by name; `nil`: none, so custom strategies never pass.
    package var customStrategies: (any ExternalConditionSource)?

    /// Options; by default the machine's host name, the system clock and no custom strategies.
    package init(hostname: String = UnleashLoweringOptions.machineHostname(), now: Timestamp? = nil,
                 customStrategies: (any ExternalConditionSource)? = nil) {
        self.hostname = hostname
        self.now = now
        self.customStrategies = customStrategies
    }

    /// The machine's host name (`gethostname`), or `""` when it cannot be read.
    package static func machineHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    var clock: EvaluationClock { now.map(EvaluationClock.fixed) ?? .system }
}
