/// How flagd definitions are lowered: a per-source choice.
public struct FlagdLoweringOptions: Sendable {
    /// The formula `fractional` buckets with (v2 by default).
    public var fractionalRule: FlagdLoweringOptions.FractionalRule
    /// Fixes the instant `$flagd.timestamp` reads (tests, `burgee eval --now`); `nil`: the system clock.
    package var now: Timestamp?

    /// Options; v2 `fractional` by default.
    public init(fractionalRule: FlagdLoweringOptions.FractionalRule = .v2) {
        self.fractionalRule = fractionalRule
        self.now = nil
    }

    /// Options with a fixed clock.
    package init(fractionalRule: FlagdLoweringOptions.FractionalRule = .v2, now: Timestamp?) {
        self.fractionalRule = fractionalRule
        self.now = now
    }
}
