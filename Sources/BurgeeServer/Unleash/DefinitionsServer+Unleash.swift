import BurgeeCore

extension DefinitionsServer {
    /// What the server recorded of Unleash clients' registrations and metrics.
    var unleashInbox: UnleashInbox {
        records.of(UnleashInbox.self)
    }

    /// The most recent bodies posted to `/api/client/register`, in arrival order: at most
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var unleashRegistrations: [JSONValue] {
        unleashInbox.registrations
    }

    /// The most recent bodies posted to `/api/client/metrics`, in arrival order: at most
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var unleashMetrics: [JSONValue] {
        unleashInbox.metrics
    }

    /// The `yes`, `no` and variant counts of every metrics body received, summed per toggle
    /// (dropped bodies included).
    public var unleashToggleCounts: [String: UnleashToggleCounts] {
        unleashInbox.toggleCounts
    }

    /// How many registration and metrics bodies were stored in all, dropped ones included.
    public var unleashReportCounts: (registrations: Int, metrics: Int) {
        unleashInbox.totals
    }
}
