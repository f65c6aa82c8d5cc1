extension Context {
    /// The context kind of a Kameleoon visitor.
    package static let kameleoonKind = "visitor"
    /// The attribute that holds everything a visitor's targeting conditions read.
    package static let kameleoonVisitor = "visitor"
    /// `false` when the visitor withheld consent, `true` when it gave it; absent when never set.
    package static let kameleoonConsent = "consent"
    /// The code bucketing uses instead of the visitor code, once one is set.
    package static let kameleoonMappingIdentifier = "mappingIdentifier"
    /// Visitor codes longer than this (in characters) are invalid, as in Kameleoon's SDKs.
    package static let kameleoonMaxCodeLength = 255

    /// The attribute holding the first value of the custom data at `index`, for bucketing by it.
    package static func kameleoonBucketingAttribute(index: Int64) -> String { "bucketing.\(index)" }

    /// A Kameleoon visitor at `now` (Unix milliseconds), with what evaluating `flag` computes
    /// before its rules: contextual bandit picks, as ``KameleoonVisitor/prepared(for:in:document:now:)`` gives them.
    package init(kameleoon visitor: KameleoonVisitor, now: Int64, picks: [String: JSONValue] = [:]) {
        var attributes = picks
        attributes["key"] = .string(visitor.code)
        attributes[Self.kameleoonVisitor] = visitor.json(now: now)
        if let consent = visitor.consent { attributes[Self.kameleoonConsent] = .bool(consent) }
        if let mapping = visitor.mappingIdentifier, !mapping.isEmpty {
            attributes[Self.kameleoonMappingIdentifier] = .string(mapping)
        }
        for (index, values) in visitor.customData {
            if let first = values.first { attributes[Self.kameleoonBucketingAttribute(index: index)] = .string(first) }
        }
        var problem: String?
        if visitor.code.isEmpty {
            problem = "the visitor code is empty"
        } else if visitor.code.count > Self.kameleoonMaxCodeLength {
            problem = "the visitor code is longer than \(Self.kameleoonMaxCodeLength) characters"
        }
        self.init(single: SingleContext(kind: Self.kameleoonKind, key: visitor.code, attributes: attributes), invalidReason: problem)
    }
}

extension KameleoonVisitor {
    /// The `visitor` attribute (docs/kameleoon.md, "Visitors"): every time is Unix milliseconds.
    package func json(now: Int64) -> JSONValue {
        var o: [String: JSONValue] = [
            "exists": .bool(exists),
            "code": .string(code),
            "now": .number(Double(now)),
            "visitStart": .number(Double(createdAt ?? now)),
        ]
        var data: [String: JSONValue] = [:]
        for (index, values) in customData { data[String(index)] = .array(values.map(JSONValue.string)) }
        o["customData"] = .object(data)
        if let device { o["device"] = .string(device) }
        if let browser {
            o["browser"] = .string(browser.type)
            if let version = browser.version { o["browserVersion"] = .number(version) }
        }
        if let operatingSystem { o["os"] = .string(operatingSystem) }
        if let g = geolocation {
            var geo: [String: JSONValue] = ["country": .string(g.country)]
            if let region = g.region { geo["region"] = .string(region) }
            if let city = g.city { geo["city"] = .string(city) }
            o["geolocation"] = .object(geo)
        }
        // Newest first; Python's `sorted` is stable, so equal times keep insertion order.
        let ordered = pages.enumerated().sorted { ($0.element.time, -$0.offset) > ($1.element.time, -$1.offset) }.map(\.element)
        o["pages"] = .array(ordered.map { page in
            var p: [String: JSONValue] = ["url": .string(page.url), "count": .number(Double(page.count)), "time": .number(Double(page.time))]
            if let title = page.title { p["title"] = .string(title) }
            return .object(p)
        })
        if let cookies { o["cookies"] = .array(cookies.map { .array([.string($0.name), .string($0.value)]) }) }
        o["conversions"] = .array(conversions.map {
            .object(["goalId": .number(Double($0.goalId)), "time": .number(Double($0.time)), "revenue": .number($0.revenue),
                     "negative": .bool($0.negative)])
        })
        if let applicationVersion { o["appVersion"] = .string(applicationVersion) }
        if let previousVisits { o["previousVisits"] = .array(previousVisits.map { .number(Double($0)) }) }
        o["assignments"] = .array(assignments.map {
            .object(["experimentId": .number(Double($0.experimentId)), "variationId": .number(Double($0.variationId)),
                     "time": .number(Double($0.time))])
        })
        o["personalizations"] = .array(personalizations.map {
            .object(["id": .number(Double($0.experimentId)), "variationId": .number(Double($0.variationId)), "time": .number(Double($0.time))])
        })
        if let scores = keyMomentScores {
            var kcs: [String: JSONValue] = [:]
            for (moment, goals) in scores {
                var g: [String: JSONValue] = [:]
                for (goal, score) in goals { g[String(goal)] = .number(score) }
                kcs[String(moment)] = .object(g)
            }
            o["kcs"] = .object(kcs)
        }
        return .object(o)
    }
}

extension Context {
    /// A Kameleoon visitor described as `burgee eval --format kameleoon` reads one
    /// (`{"visitorCode", "consent", "remote", "data", "prior"}`, docs/kameleoon.md), replayed for
    /// evaluating `flag` of `snapshot` at the snapshot's clock: consent, the Data API answer, the
    /// data items and the prior flags, then what `flag` does before its rules. A description that
    /// cannot be read, or an invalid visitor code, is an invalid context.
    public init(kameleoonJSON json: JSONValue, flag: String, snapshot: Snapshot) {
        let dialect = KameleoonDialect()
        self = dialect.prepared(dialect.context(json: json), flag: flag, in: snapshot)
    }
}
