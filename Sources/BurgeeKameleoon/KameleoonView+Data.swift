import Burgee
import BurgeeCore

extension KameleoonView {
    /// Adds data to the visitor (Kameleoon's `addData(visitorCode, *data, track)`): targeting
    /// conditions of later evaluations read it. With `track`, it is also tracked to Kameleoon
    /// (where consent is required, only once the visitor gave it; conversions always).
    /// - Throws: ``KameleoonError/visitorCodeInvalid(_:)``.
    public func addData(visitorCode: String, _ data: KameleoonVisitorData..., track: Bool = true) throws(KameleoonError) {
        try addData(visitorCode: visitorCode, data, track: track)
    }

    /// ``addData(visitorCode:_:track:)`` with the data as an array.
    public func addData(visitorCode: String, _ data: [KameleoonVisitorData], track: Bool = true) throws(KameleoonError) {
        try Self.check(visitorCode)
        let (document, now) = client.cell.read { ($0.snapshot?.kameleoonDocument, $0.snapshot?.nowMilliseconds) }
        let time = now ?? client.clock.wallMilliseconds()
        let consent = try client.kameleoonServices.visitors.withVisitor(visitorCode, now: time) { visitor throws(KameleoonError) in
            for item in data { visitor.add(item.data, at: time, document: document) }
            return visitor.consent
        }
        guard track else { return }
        let mayTrackData = !(document?.settings.consentRequired ?? false) || consent == true
        let tracker = KameleoonTracker(client: client)
        for item in data {
            if case .conversion = item {
                tracker.data(visitorCode, item, document: document)
            } else if mayTrackData {
                tracker.data(visitorCode, item, document: document)
            }
        }
    }

    /// Records that the visitor reached a goal (Kameleoon's `trackConversion(visitorCode,
    /// goalId, revenue, negative)`): added to the visitor (`CONVERSIONS` conditions read it) and
    /// tracked to Kameleoon, with or without consent, as Kameleoon's SDKs track conversions.
    public func trackConversion(visitorCode: String, goalId: Int, revenue: Double = 0, negative: Bool = false)
        throws(KameleoonError)
    {
        try addData(visitorCode: visitorCode, .conversion(goalId: goalId, revenue: revenue, negative: negative))
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

    /// Sends what is queued for Kameleoon now (Kameleoon's `flush`); tracking otherwise leaves
    /// at the events configuration's flush interval.
    public func flush() async {
        await client.flush()
    }

    /// How many visitors the client keeps now.
    public var visitorCount: Int { client.kameleoonServices.visitors.count }
}
