extension DefinitionsServer {
    /// The most recent tracking posts Kameleoon SDKs sent (`POST /visit/events`), in arrival
    /// order: at most ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var kameleoonTrackingPosts: [KameleoonTrackingPost] {
        records.of(KameleoonInbox.self).posts
    }

    /// Exact totals of every tracking post Kameleoon SDKs sent, dropped ones included.
    public var kameleoonTrackingStats: KameleoonTrackingStats {
        records.of(KameleoonInbox.self).stats
    }
}
