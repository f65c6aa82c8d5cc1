/// How often each flag served each variation during one flush interval, defaults included.
package struct SummaryEvent: Sendable, Hashable {
    /// One count: evaluations of one flag version that served one variation (or no variation).
    package struct Counter: Sendable, Hashable {
        /// The flag's version; `nil` when the flag was unknown or the client not ready.
        package var version: Int64?
        /// The variation's index; `nil` when the caller's default (or a fallback) was served.
        package var variationIndex: Int?
        /// The variation's key; `nil` when none was served.
        package var variationKey: String?
        /// How many evaluations.
        package var count: Int

        /// A counter.
        package init(version: Int64?, variationIndex: Int?, variationKey: String?, count: Int) {
            self.version = version
            self.variationIndex = variationIndex
            self.variationKey = variationKey
            self.count = count
        }
    }

    /// When the interval began, in milliseconds since the Unix epoch.
    package var startTimestamp: Int64
    /// When it ended.
    package var endTimestamp: Int64
    /// The counters by flag key, ordered by version, then variation (no variation last).
    package var flags: [String: [Counter]]

    /// A summary.
    package init(startTimestamp: Int64, endTimestamp: Int64, flags: [String: [Counter]]) {
        self.startTimestamp = startTimestamp
        self.endTimestamp = endTimestamp
        self.flags = flags
    }

    /// The total count of one flag.
    package func evaluations(of flagKey: String) -> Int {
        flags[flagKey]?.reduce(0) { $0 + $1.count } ?? 0
    }
}
