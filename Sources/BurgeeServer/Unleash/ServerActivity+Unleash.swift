extension ServerActivity {
    /// `POST /api/client/register` bodies accepted (Unleash).
    public var unleashRegistrations: Int {
        get { self[count: "unleash.registrations"] }
        set { self[count: "unleash.registrations"] = newValue }
    }

    /// `POST /api/client/metrics` bodies accepted (Unleash).
    public var unleashMetrics: Int {
        get { self[count: "unleash.metrics"] }
        set { self[count: "unleash.metrics"] = newValue }
    }

    /// The metrics' `yes` counts, summed over toggles.
    public var unleashYes: Int {
        get { self[count: "unleash.yes"] }
        set { self[count: "unleash.yes"] = newValue }
    }

    /// The metrics' `no` counts, summed over toggles.
    public var unleashNo: Int {
        get { self[count: "unleash.no"] }
        set { self[count: "unleash.no"] = newValue }
    }

    /// Totals, with Unleash's reports.
    public init(requests: Int = 0, eventBatches: Int = 0, unleashRegistrations: Int, unleashMetrics: Int = 0,
                unleashYes: Int = 0, unleashNo: Int = 0) {
        self.init(requests: requests, eventBatches: eventBatches)
        self.unleashRegistrations = unleashRegistrations
        self.unleashMetrics = unleashMetrics
        self.unleashYes = unleashYes
        self.unleashNo = unleashNo
    }
}
