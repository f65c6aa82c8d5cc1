extension DefinitionsServer {
    /// The most recent posts Split SDKs sent (impressions, impression counts, events), in arrival
    /// order: at most ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var splitPosts: [SplitPost] {
        records.of(SplitInbox.self).posts
    }

    /// Exact totals of every post Split SDKs sent, dropped ones included.
    public var splitPostStats: SplitPostStats {
        records.of(SplitInbox.self).stats
    }
}
