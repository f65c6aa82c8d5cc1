extension ServerActivity {
    /// `POST /visit/events` requests accepted (Kameleoon).
    public var kameleoonTrackingPosts: Int {
        get { self[count: "kameleoon.trackingPosts"] }
        set { self[count: "kameleoon.trackingPosts"] = newValue }
    }

    /// Events in them.
    public var kameleoonEvents: Int {
        get { self[count: "kameleoon.events"] }
        set { self[count: "kameleoon.events"] = newValue }
    }

    /// `GET /visit/visitor` requests answered (Kameleoon).
    public var kameleoonVisitorFetches: Int {
        get { self[count: "kameleoon.visitorFetches"] }
        set { self[count: "kameleoon.visitorFetches"] = newValue }
    }

    /// `GET /map/map` requests answered (Kameleoon).
    public var kameleoonMapFetches: Int {
        get { self[count: "kameleoon.mapFetches"] }
        set { self[count: "kameleoon.mapFetches"] = newValue }
    }

    /// Access tokens issued at `POST /oauth/token` (Kameleoon).
    public var kameleoonTokens: Int {
        get { self[count: "kameleoon.tokens"] }
        set { self[count: "kameleoon.tokens"] = newValue }
    }
}
