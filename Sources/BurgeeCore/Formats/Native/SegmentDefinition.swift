/// A reusable set of contexts: listed keys, then rules.
///
/// Like flags, a segment with problems is kept with its ``problems``; flags that use it are malformed.
package struct SegmentDefinition: Sendable, Hashable, Codable {
    /// The segment's key.
    package var key: String
    /// The segment's own version.
    package var version: Int64
    /// Keys of `user` contexts that are in (this wins over `excluded`).
    package var included: [String]
    /// Keys of `user` contexts that are out.
    package var excluded: [String]
    /// Keys of contexts of named kinds that are in.
    package var includedContexts: [ContextKeysDefinition]
    /// Keys of contexts of named kinds that are out.
    package var excludedContexts: [ContextKeysDefinition]
    /// Rules, tried in order after the lists.
    package var rules: [SegmentRuleDefinition]
    /// Problems found while reading this segment.
    package var problems: [DefinitionProblem]

    /// A segment.
    package init(key: String, version: Int64 = 0, included: [String] = [], excluded: [String] = [],
                includedContexts: [ContextKeysDefinition] = [], excludedContexts: [ContextKeysDefinition] = [],
                rules: [SegmentRuleDefinition] = []) {
        self.key = key
        self.version = version
        self.included = included
        self.excluded = excluded
        self.includedContexts = includedContexts
        self.excludedContexts = excludedContexts
        self.rules = rules
        self.problems = []
    }

    /// Whether reading found an error.
    package var isMalformed: Bool { problems.contains { $0.severity == .error } }

    /// Reads the segment stored under `key`, collecting problems instead of failing.
    package init(key: String, json: JSONValue, at path: JSONPointer = .root) {
        var r = ModelReader(subject: .segment(key))
        self.init(key: key)
        guard let o = r.object(json, at: path) else {
            problems = r.problems
            return
        }
        if let inner = r.optionalString(o, "key", at: path), inner != key {
            r.error(path.appending("key"), "inner key '\(inner)' disagrees with the map key '\(key)'")
        }
        version = r.optionalInt(o, "version", at: path) ?? 0
        included = r.stringArray(o, "included", at: path)
        excluded = r.stringArray(o, "excluded", at: path)
        includedContexts = r.elements(o, "includedContexts", at: path, ContextKeysDefinition.read)
        excludedContexts = r.elements(o, "excludedContexts", at: path, ContextKeysDefinition.read)
        rules = r.elements(o, "rules", at: path, SegmentRuleDefinition.read)
        problems = r.problems
    }

    /// Decodes a segment whose key is given inside it; fails on any error problem.
    package init(from decoder: any Decoder) throws {
        self = try decodeStandalone(from: decoder, what: "segment", SegmentDefinition.init(key:json:at:), problems: \.problems)
    }

    /// Encodes the JSON form, key included.
    package func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The JSON form, as it stands in a document.
    package var json: JSONValue {
        var o: [String: JSONValue] = ["key": .string(key), "version": .number(Double(version))]
        if !included.isEmpty { o["included"] = .array(included.map(JSONValue.string)) }
        if !excluded.isEmpty { o["excluded"] = .array(excluded.map(JSONValue.string)) }
        if !includedContexts.isEmpty { o["includedContexts"] = .array(includedContexts.map(\.json)) }
        if !excludedContexts.isEmpty { o["excludedContexts"] = .array(excludedContexts.map(\.json)) }
        if !rules.isEmpty { o["rules"] = .array(rules.map(\.json)) }
        return .object(o)
    }
}
