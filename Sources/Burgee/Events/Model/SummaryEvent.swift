import BurgeeCore

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
        /// The value served, for a destination that reports it (``details``); `nil` otherwise.
        /// Not part of the batch JSON, and not compared.
        package var value: JSONValue?

        /// A counter.
        package init(version: Int64?, variationIndex: Int?, variationKey: String?, count: Int, value: JSONValue? = nil) {
            self.version = version
            self.variationIndex = variationIndex
            self.variationKey = variationKey
            self.count = count
            self.value = value
        }

        package static func == (a: Counter, b: Counter) -> Bool {
            a.version == b.version && a.variationIndex == b.variationIndex && a.variationKey == b.variationKey && a.count == b.count
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(version)
            hasher.combine(variationIndex)
            hasher.combine(variationKey)
            hasher.combine(count)
        }
    }

    /// What a destination that reports them (LaunchDarkly's summaries) reads of one flag beyond
    /// its counters: the caller's default of the interval's first evaluation, and the kinds of
    /// the contexts evaluated.
    package struct Details: Sendable, Hashable {
        /// The caller's default of the first evaluation.
        package var defaultValue: JSONValue
        /// The kinds of the contexts evaluated, in the order first seen.
        package var contextKinds: [String]

        /// Details.
        package init(defaultValue: JSONValue, contextKinds: [String]) {
            self.defaultValue = defaultValue
            self.contextKinds = contextKinds
        }
    }

    /// When the interval began, in milliseconds since the Unix epoch.
    package var startTimestamp: Int64
    /// When it ended.
    package var endTimestamp: Int64
    /// The counters by flag key, ordered by version, then variation (no variation last).
    package var flags: [String: [Counter]]
    /// Each flag's details, when the client recorded them for its destination (empty otherwise).
    /// Not part of the batch JSON, and not compared.
    package var details: [String: Details] = [:]

    /// A summary.
    package init(startTimestamp: Int64, endTimestamp: Int64, flags: [String: [Counter]]) {
        self.startTimestamp = startTimestamp
        self.endTimestamp = endTimestamp
        self.flags = flags
    }

    package static func == (a: SummaryEvent, b: SummaryEvent) -> Bool {
        a.startTimestamp == b.startTimestamp && a.endTimestamp == b.endTimestamp && a.flags == b.flags
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(startTimestamp)
        hasher.combine(endTimestamp)
        hasher.combine(flags)
    }

    /// The total count of one flag.
    package func evaluations(of flagKey: String) -> Int {
        flags[flagKey]?.reduce(0) { $0 + $1.count } ?? 0
    }
}
