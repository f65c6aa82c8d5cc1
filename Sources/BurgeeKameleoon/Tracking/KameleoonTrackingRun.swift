import BurgeeCore

/// One tracking run, as Kameleoon's SDKs build one: for each registered visitor, consent decided
/// now (given, or not required by the configuration), the unsent data it allows
/// (``KameleoonVisitorTracking/pending(consentGiven:)``), or an `activity` line when there is none
/// and consent allows; the visitor's user agent on its first line.
struct KameleoonTrackingRun {
    /// A line and what it sends: the visitor and the datum (`nil` for `activity` and for data
    /// sent with every request).
    struct Line {
        var text: String
        var code: String
        var serial: UInt64?
    }

    private(set) var lines: [Line] = []

    /// Takes the data of the visitors `codes` of `visitors` at `now`.
    init(_ codes: [String], visitors: KameleoonVisitorStore, document: KameleoonDocument?, now: Int64) {
        var generator = SystemRandomNumberGenerator()
        let consentRequired = document?.settings.consentRequired ?? false
        for code in codes {
            let taken = visitors.withTracking(of: code, now: now) { visitor, tracking in
                let consentGiven = !consentRequired || visitor.consent == true
                return (tracking.pending(consentGiven: consentGiven), tracking.userAgent, consentGiven)
            }
            let (items, userAgent, consentGiven) = taken ?? ([], nil, !consentRequired)
            var agent = userAgent
            if items.isEmpty {
                guard consentGiven else { continue }
                lines.append(Line(text: KameleoonTrackingLine.line(KameleoonTrackingLine.activity, code: code, userAgent: agent,
                                                                   nonce: generator.next()), code: code, serial: nil))
                continue
            }
            for item in items {
                let text = KameleoonTrackingLine.line(item.parameters, code: code, userAgent: agent, nonce: generator.next())
                lines.append(Line(text: text, code: code, serial: item.resent ? nil : item.serial))
                agent = nil
            }
        }
    }

    /// Marks the data of the run's lines as being sent, once every visitor was read.
    func markTransmitting(in visitors: KameleoonVisitorStore, now: Int64) {
        for (code, serials) in Self.serialsByCode(lines[...]) {
            _ = visitors.withTracking(of: code, now: now) { _, tracking in tracking.markTransmitting(serials) }
        }
    }

    private static func serialsByCode(_ lines: ArraySlice<Line>) -> [String: [UInt64]] {
        var serials: [String: [UInt64]] = [:]
        for line in lines { if let serial = line.serial { serials[line.code, default: []].append(serial) } }
        return serials
    }

    /// Settles `lines` in `visitors`: sent, or unsent again for a later run.
    static func settle(_ lines: ArraySlice<Line>, in visitors: KameleoonVisitorStore, sent: Bool, now: Int64) {
        for (code, list) in serialsByCode(lines) {
            _ = visitors.withTracking(of: code, now: now) { _, tracking in tracking.settle(list, sent: sent) }
        }
    }
}
