/// What Kameleoon's Data API answers for a visitor (`GET /visit/visitor`), read as Kameleoon's
/// SDKs read it: per custom data index, experiment and personalization the newest entry (the
/// current visit first, then previous visits newest first; within a visit the last event), page
/// views counted per URL, every conversion, the first geolocation found, device, browser and
/// operating system from the first static data that has them (only when `filter` asks for them),
/// and the newest visit's visitor code as the visitor's mapping identifier.
package struct KameleoonRemoteVisitorData: Sendable {
    package var customData: [(index: Int64, values: [String])] = []
    package var pages: [KameleoonVisitor.Page] = []
    package var assignments: [KameleoonVisitor.Assignment] = []
    package var personalizations: [KameleoonVisitor.Assignment] = []
    package var conversions: [KameleoonVisitor.Conversion] = []
    package var geolocation: KameleoonGeolocation?
    package var device: String?
    package var browser: (type: String, version: Double?)?
    package var operatingSystem: String?
    package var previousVisits: [Int64]?
    package var keyMomentScores: [(keyMoment: Int64, goals: [(goal: Int64, score: Double)])]?
    package var contextualScores: [Int64: [[Int64]]]?
    /// The visitor code to bucket by from now on, when the filter asks for it.
    package var visitorCode: String?

    /// Whether there is any data to add (the visitor code aside).
    package var isEmpty: Bool {
        customData.isEmpty && pages.isEmpty && assignments.isEmpty && personalizations.isEmpty && conversions.isEmpty
            && geolocation == nil && device == nil && browser == nil && operatingSystem == nil && previousVisits == nil
            && keyMomentScores == nil && contextualScores == nil
    }

    static let devices: Set<String> = ["PHONE", "TABLET", "DESKTOP"]
    static let browsers: Set<String> = ["CHROME", "INTERNET_EXPLORER", "FIREFOX", "SAFARI", "OPERA", "OTHER"]
    static let systems: Set<String> = ["WINDOWS", "MAC", "IOS", "LINUX", "ANDROID", "WINDOWS_PHONE"]

    /// Reads an answer; `now` stands in for missing event times. Anything unreadable is skipped.
    package init(json: JSONValue, filter: KameleoonRemoteVisitorDataFilter, now: Int64) {
        guard case .object(let o) = json else { return }
        var visitNumberSeen = false
        if let current = o["currentVisit"]?.objectValue {
            parseVisit(current, filter: filter, now: now, visitNumberSeen: &visitNumberSeen)
        }
        if let previous = o["previousVisits"]?.arrayValue, !previous.isEmpty {
            var starts: [Int64] = []
            for visit in previous {
                guard let v = visit.objectValue else { continue }
                starts.append(Self.integer(v["timeStarted"]) ?? 0)
                parseVisit(v, filter: filter, now: now, visitNumberSeen: &visitNumberSeen)
            }
            if !starts.isEmpty { previousVisits = starts }
        }
        if let kcs = o["kcs"]?.objectValue {
            var moments: [(keyMoment: Int64, goals: [(goal: Int64, score: Double)])] = []
            for (moment, goals) in kcs.sorted(by: { $0.key < $1.key }) {
                guard let m = Self.digits(moment), let goals = goals.objectValue else { continue }
                let scores = goals.sorted(by: { $0.key < $1.key }).compactMap { goal, score -> (goal: Int64, score: Double)? in
                    guard let g = Self.digits(goal), case .number(let s) = score else { return nil }
                    return (g, s.doubleValue)
                }
                moments.append((m, scores))
            }
            if !moments.isEmpty { keyMomentScores = moments }
        }
        if let cbs = o["cbs"]?.objectValue {
            var scores: [Int64: [[Int64]]] = [:]
            for (experiment, entries) in cbs {
                guard let e = Self.digits(experiment), let entries = entries.objectValue else { continue }
                var byScore: [Double: [Int64]] = [:]
                for (variation, score) in entries {
                    guard let v = Self.digits(variation), case .number(let s) = score else { continue }
                    byScore[s.doubleValue, default: []].append(v)
                }
                scores[e] = byScore.sorted { $0.key > $1.key }.map { $0.value.sorted() }
            }
            if !scores.isEmpty { contextualScores = scores }
        }
    }

    private mutating func parseVisit(_ visit: [String: JSONValue], filter: KameleoonRemoteVisitorDataFilter, now: Int64,
                                     visitNumberSeen: inout Bool) {
        if visitorCode == nil, filter.visitorCode, case .string(let code)? = visit["visitorCode"], !code.isEmpty {
            visitorCode = code
        }
        for event in (visit["customDataEvents"]?.arrayValue ?? []).reversed() {
            guard let data = event.objectValue?["data"]?.objectValue else { continue }
            let index = Self.integer(data["index"]) ?? -1
            guard !customData.contains(where: { $0.index == index }) else { continue }
            let values = data["valuesCountMap"]?.objectValue.map { Array($0.keys) } ?? []
            customData.append((index, values.sorted()))
        }
        for event in (visit["pageEvents"]?.arrayValue ?? []).reversed() {
            guard let e = event.objectValue, let data = e["data"]?.objectValue, case .string(let href)? = data["href"] else { continue }
            if let p = pages.firstIndex(where: { $0.url == href }) {
                pages[p].count += 1
            } else {
                pages.append(KameleoonVisitor.Page(url: href, title: data["title"]?.stringValue, count: 1,
                                                   time: Self.integer(e["time"]) ?? now))
            }
        }
        for event in (visit["experimentEvents"]?.arrayValue ?? []).reversed() {
            guard let e = event.objectValue, let data = e["data"]?.objectValue,
                  let id = Self.integer(data["id"]), let variation = Self.integer(data["variationId"]),
                  !assignments.contains(where: { $0.experimentId == id }) else { continue }
            assignments.append(KameleoonVisitor.Assignment(experimentId: id, variationId: variation, time: Self.integer(e["time"]) ?? now))
        }
        for event in visit["conversionEvents"]?.arrayValue ?? [] {
            guard let e = event.objectValue, let data = e["data"]?.objectValue, let goal = Self.integer(data["goalId"]) else { continue }
            conversions.append(KameleoonVisitor.Conversion(goalId: goal, revenue: data["revenue"]?.numberValue ?? 0,
                                                           negative: data["negative"]?.boolValue ?? false,
                                                           time: Self.integer(e["time"]) ?? now))
        }
        if geolocation == nil, let last = visit["geolocationEvents"]?.arrayValue?.last,
           let data = last.objectValue?["data"]?.objectValue, case .string(let country)? = data["country"] {
            geolocation = KameleoonGeolocation(country: country, region: data["region"]?.stringValue, city: data["city"]?.stringValue)
        }
        if let data = visit["staticDataEvent"]?.objectValue?["data"]?.objectValue,
           !(device != nil && browser != nil && operatingSystem != nil) {
            _ = visitNumberSeen
            if filter.device, device == nil, let d = data["deviceType"]?.stringValue, Self.devices.contains(d) { device = d }
            if filter.browser, browser == nil, let b = data["browser"]?.stringValue, Self.browsers.contains(b) {
                browser = (b, data["browserVersion"]?.numberValue)
            }
            if filter.operatingSystem, operatingSystem == nil, let os = data["os"]?.stringValue, Self.systems.contains(os) {
                operatingSystem = os
            }
        }
        for event in (visit["personalizationEvents"]?.arrayValue ?? []).reversed() {
            guard let e = event.objectValue, let data = e["data"]?.objectValue,
                  let id = Self.integer(data["id"]), let variation = Self.integer(data["variationId"]),
                  !personalizations.contains(where: { $0.experimentId == id }) else { continue }
            personalizations.append(KameleoonVisitor.Assignment(experimentId: id, variationId: variation, time: Self.integer(e["time"]) ?? now))
        }
    }

    static func integer(_ value: JSONValue?) -> Int64? {
        guard case .number(let n)? = value else { return nil }
        return JSONValue.exactInt64(n)
    }

    /// A key of ASCII digits as a number (Python's `isnumeric` keys).
    static func digits(_ key: String) -> Int64? {
        guard !key.isEmpty, key.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(key)
    }
}

/// What `getRemoteVisitorData` asks the Data API for (Kameleoon's `RemoteVisitorDataFilter`).
package struct KameleoonRemoteVisitorDataFilter: Sendable, Equatable {
    /// How many previous visits to fetch, 1 to 25.
    package var previousVisitAmount: Int = 1
    /// The current visit.
    package var currentVisit: Bool = true
    /// Custom data.
    package var customData: Bool = true
    /// Page views.
    package var pageViews: Bool = false
    /// Geolocation.
    package var geolocation: Bool = false
    /// Device type.
    package var device: Bool = false
    /// Browser.
    package var browser: Bool = false
    /// Operating system.
    package var operatingSystem: Bool = false
    /// Conversions.
    package var conversions: Bool = false
    /// Experiment assignments.
    package var experiments: Bool = false
    /// Key moment scores (`kcs`).
    package var kcs: Bool = false
    /// Whether the newest visit's visitor code becomes the visitor's mapping identifier.
    package var visitorCode: Bool = true
    /// Personalizations.
    package var personalization: Bool = false
    /// Contextual bandit scores (`cbs`).
    package var cbs: Bool = false

    /// The defaults of Kameleoon's SDKs.
    package init() {}

    /// Reads the filter's camelCase members; absent members keep the defaults.
    package init(json: JSONValue?) {
        guard case .object(let o)? = json else { return }
        func flag(_ name: String, _ value: inout Bool) { if case .bool(let b)? = o[name] { value = b } }
        if case .number(let n)? = o["previousVisitAmount"], let i = JSONValue.exactInt64(n) { previousVisitAmount = Int(clamping: i) }
        flag("currentVisit", &currentVisit)
        flag("customData", &customData)
        flag("pageViews", &pageViews)
        flag("geolocation", &geolocation)
        flag("device", &device)
        flag("browser", &browser)
        flag("operatingSystem", &operatingSystem)
        flag("conversions", &conversions)
        flag("experiments", &experiments)
        flag("kcs", &kcs)
        flag("visitorCode", &visitorCode)
        flag("personalization", &personalization)
        flag("cbs", &cbs)
    }
}
