/// What one Kameleoon visitor holds for tracking, as Kameleoon's SDKs hold it: one device,
/// browser, operating system and geolocation, custom data per index, a page view per URL, an
/// assignment per experiment, a targeted segment per segment, and every conversion, each unsent, being sent or sent. A later
/// datum of a kind the visitor holds one of replaces the earlier one (sent or not) with an unsent
/// one; a tracking run sends the unsent ones that consent allows
/// (``pending(consentGiven:)``) and settles them when the post is answered.
struct KameleoonVisitorTracking: Sendable {
    /// Where a datum is in its life.
    enum State: Sendable {
        case unsent, transmitting, sent
    }

    /// The kinds of data, in the order a visitor's lines are written.
    enum Kind: Int, Sendable, Comparable {
        case device, browser, operatingSystem, geolocation, customData, page, assignment, targetedSegment, conversion

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// One datum and its tracking line's parameters (`eventType` first; empty values left out
    /// when the line is written).
    struct Item: Sendable {
        var serial: UInt64
        var kind: Kind
        /// What a later datum of the kind replaces this one by: the index, URL or experiment; `nil`
        /// for conversions, which are all kept.
        var slot: String?
        var parameters: [(String, String)]
        var state: State
        /// An assignment of a targeted-delivery rule: tracked without consent.
        var targetedDelivery = false
        /// A mapping identifier's custom data: sent with every tracking request of the visitor.
        var resent = false
    }

    private(set) var items: [Item] = []
    /// The user agent, added to the visitor's first line of a request.
    var userAgent: String?
    /// Whether the Data API added data that Kameleoon's SDKs hold as sendable (sent already).
    var holdsRemoteData = false
    private var nextSerial: UInt64 = 0

    /// Whether the visitor holds any sendable datum, sent or not (what `flush()` looks for).
    var holdsData: Bool { !items.isEmpty || holdsRemoteData }

    /// Adds a datum: it replaces the one of the same kind and slot (in place), or is appended.
    /// Untracked data (`track: false`, local-only custom data) is added as sent.
    mutating func put(_ kind: Kind, slot: String?, _ parameters: [(String, String)], tracked: Bool,
                      targetedDelivery: Bool = false, resent: Bool = false) {
        nextSerial &+= 1
        let item = Item(serial: nextSerial, kind: kind, slot: slot, parameters: parameters,
                        state: tracked || resent ? .unsent : .sent, targetedDelivery: targetedDelivery, resent: resent)
        if kind != .conversion, let p = items.firstIndex(where: { $0.kind == kind && $0.slot == slot }) {
            items[p] = item
        } else {
            items.append(item)
        }
    }

    /// The unsent data a tracking run sends now, in line order: all of it with consent (given, or
    /// not required), else only targeted-delivery assignments and conversions, as Kameleoon's SDKs
    /// decide when they send. The run marks what it sends (``markTransmitting(_:)``) once it has
    /// read every visitor, so that two codes linked to one visitor both send it, as in
    /// Kameleoon's SDKs.
    func pending(consentGiven: Bool) -> [Item] {
        var taken: [(position: Int, item: Item)] = []
        for (p, item) in items.enumerated() where item.state == .unsent || item.resent {
            guard consentGiven || item.kind == .conversion || (item.kind == .assignment && item.targetedDelivery) else {
                continue
            }
            taken.append((p, item))
        }
        // By kind, then in the order they are held (a stable order).
        taken.sort { ($0.item.kind, $0.position) < ($1.item.kind, $1.position) }
        return taken.map(\.item)
    }

    /// Marks data a run sends as being sent.
    mutating func markTransmitting(_ serials: [UInt64]) {
        for p in items.indices where items[p].state == .unsent && !items[p].resent && serials.contains(items[p].serial) {
            items[p].state = .transmitting
        }
    }

    /// Settles data a run took: sent when the post succeeded, unsent again when it failed (data
    /// replaced meanwhile stays as its replacement is).
    mutating func settle(_ serials: [UInt64], sent: Bool) {
        for p in items.indices where items[p].state == .transmitting && serials.contains(items[p].serial) {
            items[p].state = sent ? .sent : .unsent
        }
    }
}
