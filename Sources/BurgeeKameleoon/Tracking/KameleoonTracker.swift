import Burgee
import BurgeeCore

/// Queues what Kameleoon's calls track as custom events of the client, one per Kameleoon
/// tracking line: the event's key is Kameleoon's `eventType`, its properties the line's
/// parameters, its context the visitor. The Kameleoon event destination writes them as
/// Kameleoon's tracking lines; the bounded queue, batching, consent and counts are the client's.
struct KameleoonTracker {
    /// An assignment to track.
    struct Assignment {
        var experimentId: Int64
        var variationId: Int64
        var targetedDelivery: Bool
    }

    let client: BurgeeClient

    /// The context tracking lines carry: the visitor's code.
    static func context(_ code: String) -> Context { Context(kind: Context.kameleoonKind, key: code) }

    func experiment(_ code: String, _ assignment: Assignment) {
        send(code, "experiment", ["id": .number(Double(assignment.experimentId)),
                                  "variationId": .number(Double(assignment.variationId))])
    }

    func data(_ code: String, _ data: KameleoonVisitorData, document: KameleoonDocument?) {
        switch data {
        case .customData(let index, let values):
            customData(code, Int64(index), values, document: document)
        case .namedCustomData(let name, let values):
            if let index = document?.customDataIndex(name: name) { customData(code, index, values, document: document) }
        case .device(let device):
            send(code, "staticData", ["deviceType": .string(device)])
        case .browser(let browser, let version):
            var p: [String: JSONValue] = ["browserIndex": .number(Double(Self.browserIndex(browser)))]
            if let version { p["browserVersion"] = .number(version) }
            send(code, "staticData", p)
        case .operatingSystem(let os):
            send(code, "staticData", ["os": .string(os), "osIndex": .number(Double(Self.osIndex(os)))])
        case .geolocation(let country, let region, let city, let postalCode, let latitude, let longitude):
            var p: [String: JSONValue] = ["country": .string(country)]
            if let region { p["region"] = .string(region) }
            if let city { p["city"] = .string(city) }
            if let postalCode { p["postalCode"] = .string(postalCode) }
            if let latitude { p["latitude"] = .number(latitude) }
            if let longitude { p["longitude"] = .number(longitude) }
            send(code, "geolocation", p)
        case .pageView(let url, let title):
            guard !url.isEmpty else { return }
            send(code, "page", ["href": .string(url), "title": .string(title ?? "")])
        case .conversion(let goalId, let revenue, let negative):
            send(code, "conversion", ["goalId": .number(Double(goalId)), "revenue": .number(revenue), "negative": .bool(negative)])
        case .cookies, .applicationVersion, .userAgent:
            // Read by targeting only: Kameleoon's SDKs send no line for them.
            break
        }
    }

    private func customData(_ code: String, _ index: Int64, _ values: [String], document: KameleoonDocument?) {
        // Kameleoon's SDKs send no line for local-only custom data, nor for an empty one.
        guard !values.isEmpty, document?.customData.first(where: { $0.index == index })?.localOnly != true else { return }
        var counts: [String: JSONValue] = [:]
        for value in values { counts[value] = .number(1) }
        send(code, "customData", ["index": .number(Double(index)), "valuesCountMap": .string(JSONValue.object(counts).serialized()),
                                  "overwrite": .bool(true)])
    }

    private func send(_ code: String, _ type: String, _ parameters: [String: JSONValue]) {
        _ = client.track(type, context: Self.context(code), properties: parameters)
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
