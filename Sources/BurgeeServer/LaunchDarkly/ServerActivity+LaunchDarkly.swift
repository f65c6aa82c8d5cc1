extension ServerActivity {
    /// `POST /bulk` requests accepted (LaunchDarkly).
    public var launchDarklyBulk: Int {
        get { self[count: "launchDarkly.bulk"] }
        set { self[count: "launchDarkly.bulk"] = newValue }
    }

    /// `POST /diagnostic` requests accepted (LaunchDarkly).
    public var launchDarklyDiagnostic: Int {
        get { self[count: "launchDarkly.diagnostic"] }
        set { self[count: "launchDarkly.diagnostic"] = newValue }
    }

    /// LaunchDarkly events by `kind`.
    public var launchDarklyEventKinds: [String: Int] {
        get { self[countsPrefixed: "launchDarkly.kind."] }
        set { self[countsPrefixed: "launchDarkly.kind."] = newValue }
    }

    /// Totals, with LaunchDarkly's posts.
    public init(requests: Int = 0, eventBatches: Int = 0, launchDarklyBulk: Int, launchDarklyDiagnostic: Int = 0,
                launchDarklyEventKinds: [String: Int] = [:]) {
        self.init(requests: requests, eventBatches: eventBatches)
        self.launchDarklyBulk = launchDarklyBulk
        self.launchDarklyDiagnostic = launchDarklyDiagnostic
        self.launchDarklyEventKinds = launchDarklyEventKinds
    }
}
