import Burgee
import BurgeeCore

extension KameleoonView {
    /// Checks the visitor against every segment the configuration tracks for Kameleoon's
    /// Audiences Explorer (`audienceTracking`) and tracks those it is in (Kameleoon's
    /// `evaluateAudiences(visitorCode)`): one `targetingSegment` line per segment, the visitor
    /// registered for the next tracking run whether or not it is in any. A segment is checked as a
    /// rule's segment is, without an experiment (an `EXCLUSIVE_EXPERIMENT` condition is false).
    /// As Kameleoon's SDKs, a segment already tracked is tracked again by a later call, and
    /// segment lines leave only with consent where the configuration requires it.
    /// - Throws: ``KameleoonError/visitorCodeInvalid(_:)``.
    public func evaluateAudiences(visitorCode: String) throws(KameleoonError) {
        try Self.check(visitorCode)
        let (snapshot, now) = client.cell.read { ($0.snapshot, $0.snapshot?.nowMilliseconds) }
        let time = now ?? client.clock.wallMilliseconds()
        try client.kameleoonServices.visitors.withTrackedVisitor(visitorCode, now: time) { visitor, tracking throws(KameleoonError) in
            let segments = snapshot?.kameleoonAudienceSegments(for: visitor, now: time) ?? []
            // A visitor in a segment holds it, as data added to it: it exists from now on.
            if !segments.isEmpty { visitor.touch(at: time) }
            for id in segments {
                tracking.put(.targetedSegment, slot: String(id), [("eventType", "targetingSegment"), ("id", String(id))], tracked: true)
            }
        }
        KameleoonTracker(client: client).register(visitorCode)
    }
}
