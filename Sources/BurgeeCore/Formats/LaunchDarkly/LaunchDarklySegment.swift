/// One LaunchDarkly segment: included and excluded keys, and rules that may let a percentage in.
package struct LaunchDarklySegment: Sendable {
    package var key: String
    package var path: JSONPointer
    /// A tombstone: deleted, absent for evaluation, kept for its version.
    package var deleted: Bool = false
    package var version: Int64 = 0
    /// User keys that are in.
    package var included: [String] = []
    /// User keys that are out (unless included).
    package var excluded: [String] = []
    package var includedContexts: [LaunchDarklySegmentTarget] = []
    package var excludedContexts: [LaunchDarklySegmentTarget] = []
    package var rules: [LaunchDarklySegmentRule] = []
    package var salt: String = ""
    /// A big segment, whose members live in a big segment store.
    package var unbounded: Bool = false
    package var unboundedContextKind: String?
    package var generation: Int64?
    package var problems: [DefinitionProblem] = []
    /// The segment as it arrived, for change detection.
    package var json: JSONValue = .null

    /// An empty segment.
    package init(key: String, path: JSONPointer = .root) {
        self.key = key
        self.path = path
    }

    /// Reads the segment `key` at `path`.
    package init(key: String, json: JSONValue, at path: JSONPointer) {
        self.init(key: key, path: path)
        self.json = json
        var r = ModelReader(subject: .segment(key))
        defer { problems = r.problems }
        guard let o = r.object(json, at: path) else { return }
        if let inner = r.optionalString(o, "key", at: path), inner != key {
            r.error(path.appending("key"), "key '\(inner)' differs from the segment's key '\(key)'")
        }
        version = r.optionalInt(o, "version", at: path) ?? 0
        deleted = r.bool(o, "deleted", default: false, at: path)
        if deleted { return }
        included = r.stringArray(o, "included", at: path)
        excluded = r.stringArray(o, "excluded", at: path)
        includedContexts = r.elements(o, "includedContexts", at: path) { v, p, r in LaunchDarklySegmentTarget(json: v, at: p, &r) }
        excludedContexts = r.elements(o, "excludedContexts", at: path) { v, p, r in LaunchDarklySegmentTarget(json: v, at: p, &r) }
        rules = r.elements(o, "rules", at: path) { v, p, r in LaunchDarklySegmentRule(json: v, at: p, &r) }
        salt = r.optionalString(o, "salt", at: path) ?? ""
        unbounded = r.bool(o, "unbounded", default: false, at: path)
        unboundedContextKind = r.optionalString(o, "unboundedContextKind", at: path)
        generation = r.optionalInt(o, "generation", at: path)
    }
}

/// Keys of one context kind listed in a segment's `includedContexts` or `excludedContexts`.
package struct LaunchDarklySegmentTarget: Sendable {
    package var contextKind: String?
    package var values: [String]

    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path) else { return nil }
        contextKind = r.optionalString(o, "contextKind", at: path)
        values = r.stringArray(o, "values", at: path)
    }

    /// `contextKind`, or `user` when it is absent or empty.
    package var kind: String { contextKind.flatMap { $0.isEmpty ? nil : $0 } ?? "user" }
}

/// A segment rule: clauses, and optionally a `weight` (0…100000) of the matching contexts that are in.
package struct LaunchDarklySegmentRule: Sendable {
    package var id: String?
    package var clauses: [LaunchDarklyClause]
    package var weight: Int64?
    package var bucketBy: String?
    package var rolloutContextKind: String?
    package var path: JSONPointer

    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path) else { return nil }
        id = r.optionalString(o, "id", at: path)
        clauses = r.elements(o, "clauses", at: path) { v, p, r in LaunchDarklyClause(json: v, at: p, &r) }
        weight = r.optionalInt(o, "weight", at: path)
        bucketBy = r.optionalString(o, "bucketBy", at: path)
        rolloutContextKind = r.optionalString(o, "rolloutContextKind", at: path)
        self.path = path
    }
}
