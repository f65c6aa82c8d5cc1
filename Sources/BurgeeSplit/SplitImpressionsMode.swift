/// Which impressions a client sends to Split, as Split's SDKs' `impressionsMode` says.
public enum SplitImpressionsMode: String, Sendable, Hashable, CaseIterable {
    /// Each distinct impression (key, flag, treatment, label, change number) once per clock hour;
    /// its repeats are counted (`/testImpressions/count`). Split's default.
    case optimized = "OPTIMIZED"
    /// Every impression, with the time the same impression was last seen (`pt`).
    case debug = "DEBUG"
    /// No impressions: counts per flag and hour, and the keys each flag was evaluated for
    /// (`/v1/keys/ss`).
    case none = "NONE"
}
