/// A condition of a Split flag or rule-based segment: its type, label, matchers (all must match:
/// `AND` is the only combiner) and partitions.
package struct SplitCondition: Sendable, Equatable {
    /// `ROLLOUT` conditions come after the traffic allocation check; `WHITELIST` ones before the
    /// first `ROLLOUT` condition are exempt from it.
    package var isRollout: Bool
    /// The label results and impressions carry; `nil` when the condition has none.
    package var label: String?
    package var matchers: [SplitMatcher]
    /// Treatments and their sizes (0–100), in order.
    package var partitions: [(treatment: String, size: Double)]
    package var path: JSONPointer

    /// The condition Split's SDKs put in place of a flag's conditions when one of its matchers
    /// is of a type they do not know: every key that reaches it gets `control`.
    package static func unsupported(at path: JSONPointer) -> SplitCondition {
        var all = SplitMatcher.allKeys
        all.path = path.appending("matcherGroup").appending("matchers").appending(0)
        return SplitCondition(isRollout: true, label: SplitLabels.unsupportedMatcher, matchers: [all],
                              partitions: [("control", 100)], path: path)
    }

    init(isRollout: Bool, label: String?, matchers: [SplitMatcher], partitions: [(treatment: String, size: Double)],
         path: JSONPointer) {
        self.isRollout = isRollout
        self.label = label
        self.matchers = matchers
        self.partitions = partitions
        self.path = path
    }

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let members = try r.object(json)
        path = r.path
        switch members["conditionType"] {
        case nil: isRollout = false
        case .string("WHITELIST")?: isRollout = false
        case .string("ROLLOUT")?: isRollout = true
        case let other?: throw r.at("conditionType").refusal("\(other.serialized()) is neither WHITELIST nor ROLLOUT")
        }
        label = members["label"]?.stringValue
        let gr = r.at("matcherGroup")
        let group = try gr.object(try r.required(members, "matcherGroup"))
        let combiner = try gr.required(group, "combiner")
        guard combiner == .string("AND") else { throw gr.at("combiner").refusal("the only combiner is \"AND\", not \(combiner.serialized())") }
        let mr = gr.at("matchers")
        var matchers: [SplitMatcher] = []
        for (i, matcher) in try mr.array(try gr.required(group, "matchers")).enumerated() {
            matchers.append(try SplitMatcher(json: matcher, mr.at(i)))
        }
        self.matchers = matchers
        var partitions: [(treatment: String, size: Double)] = []
        if let list = members["partitions"], !list.isNull {
            let pr = r.at("partitions")
            for (i, item) in try pr.array(list).enumerated() {
                let ir = pr.at(i)
                let partition = try ir.object(item)
                let treatment = try ir.at("treatment").string(try ir.required(partition, "treatment"))
                let size = try ir.at("size").number(try ir.required(partition, "size"))
                guard size >= 0 && size <= 100 else { throw ir.at("size").refusal("a size is 0 to 100, not \(JSONValue.number(size).serialized())") }
                partitions.append((treatment, size))
            }
        }
        self.partitions = partitions
    }

    /// Whether any matcher is of a type Split's SDKs do not know.
    var hasUnsupportedMatcher: Bool { matchers.contains { !$0.isSupported } }

    /// A `conditions` member as Split's SDKs read it: with a matcher of a type they do not know,
    /// the one ``unsupported(at:)`` condition instead; and whether that happened.
    static func list(_ json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) -> (conditions: [SplitCondition], unsupported: Bool) {
        var conditions: [SplitCondition] = []
        for (i, condition) in try r.array(json).enumerated() {
            conditions.append(try SplitCondition(json: condition, r.at(i)))
        }
        guard conditions.contains(where: \.hasUnsupportedMatcher) else { return (conditions, false) }
        return ([.unsupported(at: r.path)], true)
    }

    package static func == (a: SplitCondition, b: SplitCondition) -> Bool {
        a.isRollout == b.isRollout && a.label == b.label && a.matchers == b.matchers && a.path == b.path
            && a.partitions.elementsEqual(b.partitions) { $0.treatment == $1.treatment && $0.size == $1.size }
    }
}

extension SplitMatcher {
    /// `ALL_KEYS`, not negated.
    static var allKeys: SplitMatcher {
        SplitMatcher(type: "ALL_KEYS", negate: false, attribute: nil, data: .none, path: .root)
    }

    init(type: String, negate: Bool, attribute: String?, data: Data, path: JSONPointer) {
        self.type = type
        self.negate = negate
        self.attribute = attribute
        self.data = data
        self.path = path
    }
}

/// The labels Split's SDKs give outcomes that no condition names.
package enum SplitLabels {
    package static let killed = "killed"
    package static let defaultRule = "default rule"
    package static let notInSplit = "not in split"
    package static let prerequisitesNotMet = "prerequisites not met"
    package static let definitionNotFound = "definition not found"
    package static let exception = "exception"
    package static let unsupportedMatcher = "targeting rule type unsupported by sdk"
}
