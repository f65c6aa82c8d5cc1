/// A feature flag as defined in a native v1 document.
///
/// Reading never fails: a flag with problems is kept, with its ``problems``, so that it can be
/// reported and evaluated as malformed while the rest of the document loads.
package struct FlagDefinition: Sendable, Hashable, Codable {
    /// The flag's key (its key in the document's `flags` map).
    package var key: String
    /// The flag's own version, increasing with each change.
    package var version: Int64
    /// A disabled flag serves its off variation.
    package var enabled: Bool
    /// The type every variation value has.
    package var type: FlagValueType
    /// The values the flag can serve.
    package var variations: [VariationDefinition]
    /// The variation served when the flag is disabled or a prerequisite fails.
    package var offVariation: String?
    /// Flags that must serve given variations first.
    package var prerequisites: [PrerequisiteDefinition]
    /// Context keys served a variation directly.
    package var targets: [TargetDefinition]
    /// Rules, tried in order.
    package var rules: [RuleDefinition]
    /// What is served when nothing else matched.
    package var `fallthrough`: ServeDefinition?
    /// The bucketing salt; the key when absent.
    package var salt: String?
    /// The flag sets this flag belongs to.
    package var sets: [String]
    /// Free-form metadata, passed through to results.
    package var metadata: [String: JSONValue]
    /// Whether every evaluation should send an exposure event.
    package var trackEvents: Bool
    /// Problems found while reading this flag; any error makes it malformed.
    package var problems: [DefinitionProblem]

    /// A flag.
    package init(key: String, version: Int64 = 0, enabled: Bool, type: FlagValueType,
                variations: [VariationDefinition], offVariation: String? = nil,
                prerequisites: [PrerequisiteDefinition] = [], targets: [TargetDefinition] = [],
                rules: [RuleDefinition] = [], fallthrough: ServeDefinition?, salt: String? = nil,
                sets: [String] = [], metadata: [String: JSONValue] = [:], trackEvents: Bool = false) {
        self.key = key
        self.version = version
        self.enabled = enabled
        self.type = type
        self.variations = variations
        self.offVariation = offVariation
        self.prerequisites = prerequisites
        self.targets = targets
        self.rules = rules
        self.`fallthrough` = `fallthrough`
        self.salt = salt
        self.sets = sets
        self.metadata = metadata
        self.trackEvents = trackEvents
        self.problems = []
    }

    /// Whether reading found an error.
    package var isMalformed: Bool { problems.contains { $0.severity == .error } }

    /// Reads the flag stored under `key`, collecting problems instead of failing.
    package init(key: String, json: JSONValue, at path: JSONPointer = .root) {
        var r = ModelReader(subject: .flag(key))
        self.init(key: key, enabled: false, type: .json, variations: [], fallthrough: nil)
        guard let o = r.object(json, at: path) else {
            problems = r.problems
            return
        }
        if key.isEmpty {
            r.error(path, "a flag key must not be empty; evaluations of \"\" always find no flag")
        }
        if let inner = r.optionalString(o, "key", at: path), inner != key {
            r.error(path.appending("key"), "inner key '\(inner)' disagrees with the map key '\(key)'")
        }
        version = r.optionalInt(o, "version", at: path) ?? 0
        enabled = r.requiredBool(o, "enabled", at: path)
        if let t = r.requiredString(o, "type", at: path) {
            if let known = FlagValueType(rawValue: t) { type = known } else {
                r.error(path.appending("type"), "unknown type '\(t)' (expected boolean, string, number or json)")
            }
        }
        if o["variations"] == nil { r.error(path.appending("variations"), "required array 'variations' is missing") }
        variations = r.elements(o, "variations", at: path, VariationDefinition.read)
        offVariation = r.optionalString(o, "offVariation", at: path)
        prerequisites = r.elements(o, "prerequisites", at: path, PrerequisiteDefinition.read)
        targets = r.elements(o, "targets", at: path, TargetDefinition.read)
        rules = r.elements(o, "rules", at: path, RuleDefinition.read)
        if let f = o["fallthrough"], !f.isNull {
            let p = path.appending("fallthrough")
            if let fo = r.object(f, at: p) { self.`fallthrough` = ServeDefinition.read(from: fo, at: p, &r) }
        } else {
            r.error(path.appending("fallthrough"), "required object 'fallthrough' is missing")
        }
        salt = r.optionalString(o, "salt", at: path)
        sets = r.stringArray(o, "sets", at: path)
        metadata = r.objectMember(o, "metadata", at: path)
        trackEvents = r.bool(o, "trackEvents", default: false, at: path)
        problems = r.problems
    }

    /// Decodes a flag whose key is given inside it; fails on any error problem.
    package init(from decoder: any Decoder) throws {
        self = try decodeStandalone(from: decoder, what: "flag", FlagDefinition.init(key:json:at:), problems: \.problems)
    }

    /// Encodes the JSON form, key included.
    package func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The JSON form, as it stands in a document (with its `key`).
    package var json: JSONValue {
        var o: [String: JSONValue] = [
            "key": .string(key), "version": .number(Double(version)), "enabled": .bool(enabled),
            "type": .string(type.rawValue), "variations": .array(variations.map(\.json)),
        ]
        o.set("offVariation", offVariation.map(JSONValue.string))
        if !prerequisites.isEmpty { o["prerequisites"] = .array(prerequisites.map(\.json)) }
        if !targets.isEmpty { o["targets"] = .array(targets.map(\.json)) }
        if !rules.isEmpty { o["rules"] = .array(rules.map(\.json)) }
        o.set("fallthrough", self.`fallthrough`.map { .object($0.jsonMembers) })
        o.set("salt", salt.map(JSONValue.string))
        if !sets.isEmpty { o["sets"] = .array(sets.map(JSONValue.string)) }
        if !metadata.isEmpty { o["metadata"] = .object(metadata) }
        if trackEvents { o["trackEvents"] = true }
        return .object(o)
    }
}
