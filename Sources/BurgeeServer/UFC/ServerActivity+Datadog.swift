extension ServerActivity {
    /// Exposure posts accepted (Datadog: agentless or through the Agent).
    public var datadogExposurePosts: Int {
        get { self[count: "datadog.exposurePosts"] }
        set { self[count: "datadog.exposurePosts"] = newValue }
    }

    /// Exposures in them.
    public var datadogExposures: Int {
        get { self[count: "datadog.exposures"] }
        set { self[count: "datadog.exposures"] = newValue }
    }
}
