import BurgeeCore

extension DefinitionsServer {
    /// What the server recorded of Unleash clients' registrations.
    var unleashRegistrationInbox: UnleashRegistrationInbox {
        records.of(UnleashRegistrationInbox.self)
    }

    /// What the server recorded of Unleash clients' metrics.
    var unleashMetricsInbox: UnleashMetricsInbox {
        records.of(UnleashMetricsInbox.self)
    }

    /// The most recent bodies posted to `/api/client/register`, in arrival order: at most
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var unleashRegistrations: [JSONValue] {
        unleashRegistrationInbox.posts
    }

    /// The most recent bodies posted to `/api/client/metrics`, in arrival order: at most
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var unleashMetrics: [JSONValue] {
        unleashMetricsInbox.posts
    }

    /// The `yes`, `no` and variant counts of every metrics body received, summed per toggle
    /// (dropped bodies included).
    public var unleashToggleCounts: [String: UnleashToggleCounts] {
        unleashMetricsInbox.stats.toggleCounts
    }

    /// How many registration and metrics bodies were stored in all, dropped ones included.
    public var unleashReportCounts: (registrations: Int, metrics: Int) {
        (unleashRegistrationInbox.total, unleashMetricsInbox.total)
    }
}
