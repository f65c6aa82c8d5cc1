import Burgee
import BurgeeCore

/// Records what Kameleoon's calls track in the visitor's ``KameleoonVisitorTracking``, each datum
/// with the parameters of its tracking line as Kameleoon's SDKs write them, and registers the
/// visitor for the next tracking run (``KameleoonTrackingRegistry``), where consent is decided.
struct KameleoonTracker {
    /// An assignment to track.
    struct Assignment {
        var experimentId: Int64
        var variationId: Int64
        var targetedDelivery: Bool
    }

    let client: BurgeeClient

    /// The context tracking runs are queued with: the visitor's code.
    static func context(_ code: String) -> Context { Context(kind: Context.kameleoonKind, key: code) }

    /// Registers the visitor for the next tracking run, as Kameleoon's SDKs add a visitor code to
    /// their tracking registry. A visitor newly registered queues one custom event of the client,
    /// so that the client's delivery (its interval, `flush()`) runs the tracking.
    func register(_ code: String) {
        let services = client.kameleoonServices
        if services.registry.add(code) {
            _ = client.track(KameleoonTrackingRegistry.eventKey, context: Self.context(code))
        }
    }

    /// Saves an assignment, unsent unless `tracked` is false.
    static func assign(_ assignment: Assignment, into tracking: inout KameleoonVisitorTracking, tracked: Bool) {
        tracking.put(.assignment, slot: String(assignment.experimentId),
                     [("eventType", "experiment"), ("id", String(assignment.experimentId)),
                      ("variationId", String(assignment.variationId))],
                     tracked: tracked, targetedDelivery: assignment.targetedDelivery)
    }

    /// Saves a datum as Kameleoon's visitor saves it: unsent when `tracked`, sent (never to be
    /// sent) otherwise and for local-only custom data.
    static func add(_ data: KameleoonVisitorData, into tracking: inout KameleoonVisitorTracking, tracked: Bool,
                    document: KameleoonDocument?) {
        switch data {
        case .customData(let index, let values):
            customData(Int64(index), values, into: &tracking, tracked: tracked, document: document)
        case .namedCustomData(let name, let values):
            if let index = document?.customDataIndex(name: name) {
                customData(index, values, into: &tracking, tracked: tracked, document: document)
            }
        case .device(let device):
            tracking.put(.device, slot: nil, [("eventType", "staticData"), ("deviceType", device)], tracked: tracked)
        case .browser(let browser, let version):
            var p = [("eventType", "staticData"), ("browserIndex", String(Self.browserIndex(browser)))]
            // Kameleoon's SDKs leave out a version of 0.
            if let version, version != 0 { p.append(("browserVersion", KameleoonTrackingLine.text(.number(version)))) }
            tracking.put(.browser, slot: nil, p, tracked: tracked)
        case .operatingSystem(let os):
            tracking.put(.operatingSystem, slot: nil,
                         [("eventType", "staticData"), ("os", os), ("osIndex", String(Self.osIndex(os)))],
                         tracked: tracked)
        case .geolocation(let country, let region, let city, let postalCode, let latitude, let longitude):
            var p = [("eventType", "geolocation"), ("country", country), ("region", region ?? ""), ("city", city ?? ""),
                     ("postalCode", postalCode ?? "")]
            if let latitude { p.append(("latitude", KameleoonTrackingLine.text(.number(latitude)))) }
            if let longitude { p.append(("longitude", KameleoonTrackingLine.text(.number(longitude)))) }
            tracking.put(.geolocation, slot: nil, p, tracked: tracked)
        case .pageView(let url, let title):
            // A view of a URL seen before replaces that view: one page line per URL.
            guard !url.isEmpty else { return }
            tracking.put(.page, slot: url, [("eventType", "page"), ("href", url), ("title", title ?? "")], tracked: tracked)
        case .conversion(let goalId, let revenue, let negative):
            tracking.put(.conversion, slot: nil,
                         [("eventType", "conversion"), ("goalId", String(goalId)),
                          ("revenue", KameleoonTrackingLine.text(.number(revenue))), ("negative", negative ? "true" : "false")],
                         tracked: tracked)
        case .userAgent(let agent):
            tracking.userAgent = agent
        case .cookies, .applicationVersion:
            // Read by targeting only: Kameleoon's SDKs hold nothing to send for them.
            break
        }
    }

    private static func customData(_ index: Int64, _ values: [String], into tracking: inout KameleoonVisitorTracking,
                                   tracked: Bool, document: KameleoonDocument?) {
        var counts: [String: JSONValue] = [:]
        for value in values { counts[value] = .number(1) }
        var p = [("eventType", "customData"), ("index", String(index)),
                 ("valuesCountMap", JSONValue.object(counts).serialized()), ("overwrite", "true")]
        let definition = document?.customData.first { $0.index == index }
        // A mapping identifier's datum is marked and sent with every tracking request of the visitor.
        let mapping = mappingValue(.customData(index: Int(clamping: index), values: values), document: document) != nil
        if mapping { p.append(("mappingIdentifier", "true")) }
        tracking.put(.customData, slot: String(index), p, tracked: tracked && definition?.localOnly != true, resent: mapping)
    }

    /// The value of a mapping identifier's datum: its first value, when not empty.
    static func mappingValue(_ data: KameleoonVisitorData, document: KameleoonDocument?) -> String? {
        let index: Int64?
        let values: [String]
        switch data {
        case .customData(let i, let v): (index, values) = (Int64(i), v)
        case .namedCustomData(let name, let v): (index, values) = (document?.customDataIndex(name: name), v)
        default: return nil
        }
        guard let index, document?.mappingIdentifierIndex == index, let first = values.first, !first.isEmpty else { return nil }
        return first
    }

    /// Kameleoon's browser index (`CHROME` 0, `INTERNET_EXPLORER` 1, `FIREFOX` 2, `SAFARI` 3, `OPERA` 4, other 5).
    static func browserIndex(_ name: String) -> Int {
        ["CHROME", "INTERNET_EXPLORER", "FIREFOX", "SAFARI", "OPERA"].firstIndex(of: name.uppercased()) ?? 5
    }

    /// Kameleoon's operating-system index (`WINDOWS` 0, `MAC` 1, `IOS` 2, `LINUX` 3, `ANDROID` 4, `WINDOWS_PHONE` 5).
    static func osIndex(_ name: String) -> Int {
        ["WINDOWS", "MAC", "IOS", "LINUX", "ANDROID", "WINDOWS_PHONE"].firstIndex(of: name.uppercased()) ?? 0
    }
}
