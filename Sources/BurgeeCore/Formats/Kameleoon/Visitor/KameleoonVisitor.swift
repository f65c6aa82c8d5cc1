/// One Kameleoon visitor: the data added to it, fetched for it and the variations it was
/// assigned, kept as Kameleoon's SDKs keep them, and turned into the `visitor` attribute its
/// targeting conditions read (docs/kameleoon.md, "Visitors").
///
/// A visitor is a value: the SDK's visitor store holds one per visitor code, and the command
/// line builds one per request.
package struct KameleoonVisitor: Sendable {
    /// An assignment of a variation of an experiment (or of the holdout, or from the Data API).
    package struct Assignment: Sendable, Equatable {
        package var experimentId: Int64
        package var variationId: Int64
        package var time: Int64
    }

    /// A page and how often it was seen.
    package struct Page: Sendable, Equatable {
        package var url: String
        package var title: String?
        package var count: Int
        package var time: Int64
    }

    /// A conversion.
    package struct Conversion: Sendable, Equatable {
        package var goalId: Int64
        package var revenue: Double
        package var negative: Bool
        package var time: Int64
    }

    /// The visitor code it is called by (a visitor linked to a mapping identifier's value is called by both).
    package var code: String
    /// When the visitor was first given something: the start of its current visit. `nil`: there
    /// is no visitor yet ("no visitor at all" to the conditions).
    package private(set) var createdAt: Int64?
    /// `setLegalConsent`; `nil` when never set.
    package var consent: Bool?
    /// The code bucketing uses instead of the visitor code, once set.
    package private(set) var mappingIdentifier: String?
    package private(set) var customData: [(index: Int64, values: [String])] = []
    package private(set) var device: String?
    package private(set) var browser: (type: String, version: Double?)?
    package private(set) var operatingSystem: String?
    package private(set) var geolocation: KameleoonGeolocation?
    package private(set) var pages: [Page] = []
    package private(set) var cookies: [(name: String, value: String)]?
    package private(set) var conversions: [Conversion] = []
    package private(set) var applicationVersion: String?
    package private(set) var userAgent: String?
    /// The starts of previous visits, newest first; `nil` when the Data API gave none.
    package private(set) var previousVisits: [Int64]?
    package private(set) var assignments: [Assignment] = []
    package private(set) var personalizations: [Assignment] = []
    /// Key moment → goal → score, from the Data API.
    package private(set) var keyMomentScores: [(keyMoment: Int64, goals: [(goal: Int64, score: Double)])]?
    /// Experiment → variation ids grouped by score, highest first, from the Data API.
    package private(set) var contextualScores: [Int64: [[Int64]]]?

    package init(code: String) {
        self.code = code
    }

    /// Whether anything was ever given to the visitor.
    package var exists: Bool { createdAt != nil }

    /// Makes the visitor exist from `time` on, if it did not.
    package mutating func touch(at time: Int64) {
        if createdAt == nil { createdAt = time }
    }

    /// Sets consent, as `setLegalConsent` does.
    package mutating func setConsent(_ given: Bool, at time: Int64) {
        touch(at: time)
        consent = given
    }

    /// Adds data as `addData` does: custom data by name through `document`, the latest value
    /// replacing the earlier one unless `overwrite` is false (the Data API's data never replaces).
    package mutating func add(_ data: KameleoonData, at time: Int64, overwrite: Bool = true, document: KameleoonDocument?) {
        touch(at: time)
        switch data {
        case .customData(let key, let values):
            let index: Int64
            switch key {
            case .index(let i): index = i
            case .name(let name):
                guard let i = document?.customDataIndex(name: name) else { return }
                index = i
            }
            if let mapping = document?.mappingIdentifierIndex, mapping == index, let first = values.first, !first.isEmpty,
               mappingIdentifier == nil || mappingIdentifier == "" {
                mappingIdentifier = code
            }
            if let p = customData.firstIndex(where: { $0.index == index }) {
                if overwrite { customData[p].values = values }
            } else {
                customData.append((index, values))
            }
        case .device(let d):
            if overwrite || device == nil { device = d }
        case .browser(let type, let version):
            if overwrite || browser == nil { browser = (type, version) }
        case .operatingSystem(let os):
            if overwrite || operatingSystem == nil { operatingSystem = os }
        case .geolocation(let g):
            if overwrite || geolocation == nil { geolocation = g }
        case .pageView(let url, let title):
            guard !url.isEmpty else { return }
            if let p = pages.firstIndex(where: { $0.url == url }) {
                pages[p].title = title
                pages[p].count += 1
                pages[p].time = time
            } else {
                pages.append(Page(url: url, title: title, count: 1, time: time))
            }
        case .cookies(let list):
            cookies = list
        case .conversion(let goalId, let revenue, let negative):
            conversions.append(Conversion(goalId: goalId, revenue: revenue, negative: negative, time: time))
        case .applicationVersion(let v):
            if overwrite || applicationVersion == nil { applicationVersion = v }
        case .userAgent(let ua):
            userAgent = ua
        }
    }

    /// Records an assignment (a later one for the same experiment replaces it in place).
    package mutating func assign(experimentId: Int64, variationId: Int64, at time: Int64) {
        touch(at: time)
        let assignment = Assignment(experimentId: experimentId, variationId: variationId, time: time)
        if let p = assignments.firstIndex(where: { $0.experimentId == experimentId }) {
            assignments[p] = assignment
        } else {
            assignments.append(assignment)
        }
    }

    /// Adds what the Data API answered (`getRemoteVisitorData`), without replacing local data.
    package mutating func add(_ remote: KameleoonRemoteVisitorData, at time: Int64, document: KameleoonDocument?) {
        if !remote.isEmpty {
            touch(at: time)
            for (index, values) in remote.customData where !customData.contains(where: { $0.index == index }) {
                customData.append((index, values))
            }
            if let visits = remote.previousVisits, previousVisits == nil { previousVisits = visits }
            if let scores = remote.keyMomentScores { keyMomentScores = scores }
            if let scores = remote.contextualScores, contextualScores == nil { contextualScores = scores }
            for page in remote.pages {
                if let p = pages.firstIndex(where: { $0.url == page.url }) {
                    pages[p].count += page.count
                    pages[p].time = max(pages[p].time, page.time)
                } else {
                    pages.append(page)
                }
            }
            for a in remote.assignments where !assignments.contains(where: { $0.experimentId == a.experimentId }) {
                assignments.append(a)
            }
            for a in remote.personalizations where !personalizations.contains(where: { $0.experimentId == a.experimentId }) {
                personalizations.append(a)
            }
            conversions += remote.conversions
            if let d = remote.device, device == nil { device = d }
            if let b = remote.browser, browser == nil { browser = b }
            if let os = remote.operatingSystem, operatingSystem == nil { operatingSystem = os }
            if let g = remote.geolocation, geolocation == nil { geolocation = g }
        }
        if let mapped = remote.visitorCode {
            touch(at: time)
            if mappingIdentifier == nil || mappingIdentifier == "" { mappingIdentifier = mapped }
        }
    }
}
