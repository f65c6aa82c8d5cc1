extension ServerActivity {
    /// `POST /api/testImpressions/bulk` requests accepted (Split).
    public var splitImpressionPosts: Int {
        get { self[count: "split.impressionPosts"] }
        set { self[count: "split.impressionPosts"] = newValue }
    }

    /// Impressions in them.
    public var splitImpressions: Int {
        get { self[count: "split.impressions"] }
        set { self[count: "split.impressions"] = newValue }
    }

    /// `POST /api/testImpressions/count` requests accepted (Split).
    public var splitImpressionCountPosts: Int {
        get { self[count: "split.impressionCountPosts"] }
        set { self[count: "split.impressionCountPosts"] = newValue }
    }

    /// `POST /api/events/bulk` requests accepted (Split).
    public var splitEventPosts: Int {
        get { self[count: "split.eventPosts"] }
        set { self[count: "split.eventPosts"] = newValue }
    }

    /// Events in them.
    public var splitEvents: Int {
        get { self[count: "split.events"] }
        set { self[count: "split.events"] = newValue }
    }
}
