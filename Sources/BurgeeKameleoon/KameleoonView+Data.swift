import Burgee
import BurgeeCore

extension KameleoonView {
    /// Adds data to the visitor (Kameleoon's `addData(visitorCode, *data, track)`): targeting
    /// conditions of later evaluations read it. With `track`, the visitor holds it for tracking
    /// until a tracking run sends it (the visitor's next tracked call, or ``flush()``), where
    /// consent is required once the visitor has given it (conversions always); a later datum of a
    /// kind the visitor holds one of replaces it.
    /// - Throws: ``KameleoonError/visitorCodeInvalid(_:)``.
    public func addData(visitorCode: String, _ data: KameleoonVisitorData..., track: Bool = true) throws(KameleoonError) {
        try addData(visitorCode: visitorCode, data, track: track)
    }

    /// ``addData(visitorCode:_:track:)`` with the data as an array.
    public func addData(visitorCode: String, _ data: [KameleoonVisitorData], track: Bool = true) throws(KameleoonError) {
        try Self.check(visitorCode)
        let (document, now) = client.cell.read { ($0.snapshot?.kameleoonDocument, $0.snapshot?.nowMilliseconds) }
        let time = now ?? client.clock.wallMilliseconds()
        let visitors = client.kameleoonServices.visitors
        let linked = try visitors.withTrackedVisitor(visitorCode, now: time) { visitor, tracking throws(KameleoonError) in
            var linked: [String] = []
            for item in data {
                visitor.add(item.data, at: time, document: document)
                KameleoonTracker.add(item, into: &tracking, tracked: track, document: document)
                if let value = KameleoonTracker.mappingValue(item, document: document) { linked.append(value) }
            }
            return linked
        }
        // A mapping identifier's value calls the same visitor from now on, as in Kameleoon's SDKs.
        for value in linked { visitors.link(value, to: visitorCode, now: time) }
    }

    /// Records that the visitor reached a goal (Kameleoon's `trackConversion(visitorCode,
    /// goalId, revenue, negative)`): added to the visitor (`CONVERSIONS` conditions read it) and
    /// tracked to Kameleoon with the visitor's next tracking run, with or without consent, as
    /// Kameleoon's SDKs track conversions.
    public func trackConversion(visitorCode: String, goalId: Int, revenue: Double = 0, negative: Bool = false)
        throws(KameleoonError)
    {
        try addData(visitorCode: visitorCode, .conversion(goalId: goalId, revenue: revenue, negative: negative))
        KameleoonTracker(client: client).register(visitorCode)
    }

    /// Sets whether the visitor gave legal consent (Kameleoon's `setLegalConsent`). Where the
    /// configuration requires consent, a visitor without it is tracked only for targeted-delivery
    /// assignments and conversions, and one that refused it (`false`) is not exposed to
    /// experiments (the configuration's opt-out behaviour decides between the default variation
    /// and a disabled flag).
    public func setLegalConsent(visitorCode: String, consent: Bool) throws(KameleoonError) {
        try Self.check(visitorCode)
        let time = client.cell.read { $0.snapshot?.nowMilliseconds } ?? client.clock.wallMilliseconds()
        try client.kameleoonServices.visitors.withVisitor(visitorCode, now: time) { visitor throws(KameleoonError) in
            visitor.setConsent(consent, at: time)
        }
    }

    /// Tracks every visitor that holds data now (Kameleoon's `flush`): each is registered for a
    /// tracking run, which runs before this returns. Tracking otherwise runs at the events
    /// configuration's flush interval, for the visitors that tracked calls registered.
    public func flush() async {
        let services = client.kameleoonServices
        let now = client.cell.read { $0.snapshot?.nowMilliseconds } ?? client.clock.wallMilliseconds()
        let tracker = KameleoonTracker(client: client)
        for code in services.visitors.codesHoldingData(now: now) { tracker.register(code) }
        await client.flush()
    }

    /// How many visitors the client keeps now.
    public var visitorCount: Int { client.kameleoonServices.visitors.count }
}
