extension DefinitionsServer {
    /// The most recent exposure posts Datadog SDKs sent (agentless or through the Agent's EVP
    /// proxy), in arrival order: at most ``DefinitionsServerConfiguration/maxRetainedRecords``,
    /// older ones dropped.
    public var datadogExposurePosts: [UFCExposurePost] {
        records.of(UFCExposureInbox.self).posts
    }

    /// Exact totals of every exposure post Datadog SDKs sent, dropped ones included.
    public var datadogExposureStats: UFCExposureStats {
        records.of(UFCExposureInbox.self).stats
    }
}
