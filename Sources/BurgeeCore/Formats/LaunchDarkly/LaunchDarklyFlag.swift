/// One LaunchDarkly feature flag as its server-side data has it: variations by index, targets,
/// rules, prerequisites, fallthrough, and the event settings.
///
/// Members are read as LaunchDarkly's Go SDK reads them: a missing (or `null`) member takes its
/// zero value (`on` false, `version` 0, a target's `variation` 0, `salt` ""), unknown members are
/// ignored, and a member of the wrong JSON type is an error that makes the flag malformed.
package struct LaunchDarklyFlag: Sendable {
    package var key: String
    /// Where the flag sits in its document.
    package var path: JSONPointer
    /// A tombstone: deleted, absent for evaluation, kept for its version.
    package var deleted: Bool = false
    package var version: Int64 = 0
    package var on: Bool = false
    package var variations: [JSONValue] = []
    package var offVariation: Int64?
    package var prerequisites: [LaunchDarklyPrerequisite] = []
    package var targets: [LaunchDarklyTarget] = []
    package var contextTargets: [LaunchDarklyTarget] = []
    package var rules: [LaunchDarklyRule] = []
    /// `nil` when the flag has none: falling through is then `ERROR/MALFORMED_FLAG`.
    package var `fallthrough`: LaunchDarklyServe?
    package var salt: String = ""
    package var trackEvents: Bool = false
    package var trackEventsFallthrough: Bool = false
    package var debugEventsUntilDate: Int64?
    /// `excludeFromSummaries`: its evaluations are left out of the summary.
    package var excludeFromSummaries = false
    /// `samplingRatio`: 1 in this many of its feature and debug events is sent (`nil`: every one).
    package var samplingRatio: Int64?
    /// `clientSideAvailability`, or as the older `clientSide` gives it (mobile keys always allowed).
    package var clientSideAvailability = ClientSideAvailability(usingEnvironmentId: false, usingMobileKey: true)
    /// Problems found reading it; any error makes it malformed.
    package var problems: [DefinitionProblem] = []
    /// The flag as it arrived, for change detection.
    package var json: JSONValue = .null

    /// An empty flag.
    package init(key: String, path: JSONPointer = .root) {
        self.key = key
        self.path = path
    }

    /// Reads the flag `key` at `path`.
    package init(key: String, json: JSONValue, at path: JSONPointer) {
        self.init(key: key, path: path)
        self.json = json
        var r = ModelReader(subject: .flag(key))
        defer { problems = r.problems }
        guard let o = r.object(json, at: path) else { return }
        if let inner = r.optionalString(o, "key", at: path), inner != key {
            r.error(path.appending("key"), "key '\(inner)' differs from the flag's key '\(key)'")
        }
        version = r.optionalInt(o, "version", at: path) ?? 0
        deleted = r.bool(o, "deleted", default: false, at: path)
        if deleted { return }
        on = r.bool(o, "on", default: false, at: path)
        variations = r.array(o, "variations", at: path)
        offVariation = r.optionalInt(o, "offVariation", at: path)
        prerequisites = r.elements(o, "prerequisites", at: path) { v, p, r in LaunchDarklyPrerequisite(json: v, at: p, &r) }
        targets = r.elements(o, "targets", at: path) { v, p, r in LaunchDarklyTarget(json: v, at: p, &r) }
        contextTargets = r.elements(o, "contextTargets", at: path) { v, p, r in LaunchDarklyTarget(json: v, at: p, &r) }
        rules = r.elements(o, "rules", at: path) { v, p, r in LaunchDarklyRule(json: v, at: p, &r) }
        if let f = o["fallthrough"], !f.isNull {
            self.fallthrough = LaunchDarklyServe(json: f, at: path.appending("fallthrough"), &r)
        }
        salt = r.optionalString(o, "salt", at: path) ?? ""
        trackEvents = r.bool(o, "trackEvents", default: false, at: path)
        trackEventsFallthrough = r.bool(o, "trackEventsFallthrough", default: false, at: path)
        if let d = o["debugEventsUntilDate"], !d.isNull {
            if case .number(let number) = d, case let n = number.doubleValue, n.isFinite, n.magnitude < 9.2e18 { debugEventsUntilDate = Int64(n) } else {
                r.error(path.appending("debugEventsUntilDate"), "expected a number of Unix milliseconds, found \(d.typeName)")
            }
        }
        let clientSide = r.bool(o, "clientSide", default: false, at: path)
        let availability = r.objectMember(o, "clientSideAvailability", at: path)
        if o["clientSideAvailability"].map({ !$0.isNull }) ?? false {
            let p = path.appending("clientSideAvailability")
            clientSideAvailability = ClientSideAvailability(
                usingEnvironmentId: r.bool(availability, "usingEnvironmentId", default: false, at: p),
                usingMobileKey: r.bool(availability, "usingMobileKey", default: false, at: p))
        } else {
            clientSideAvailability = ClientSideAvailability(usingEnvironmentId: clientSide, usingMobileKey: true)
        }
        excludeFromSummaries = r.bool(o, "excludeFromSummaries", default: false, at: path)
        samplingRatio = r.optionalInt(o, "samplingRatio", at: path)
        // Read for its type only: Burgee runs no migrations.
        _ = r.objectMember(o, "migration", at: path)
    }
}

/// A prerequisite: flag `key` must be on and serve variation `variation`.
package struct LaunchDarklyPrerequisite: Sendable {
    package var key: String
    package var variation: Int64
    package var path: JSONPointer

    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path) else { return nil }
        key = r.optionalString(o, "key", at: path) ?? ""
        variation = r.optionalInt(o, "variation", at: path) ?? 0
        self.path = path
    }
}

/// An individual target (`targets`, of the user kind, or `contextTargets`): keys of one context
/// kind served one variation.
package struct LaunchDarklyTarget: Sendable {
    /// `nil` or empty: the user kind.
    package var contextKind: String?
    package var values: [String]
    package var variation: Int64
    package var path: JSONPointer

    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path) else { return nil }
        contextKind = r.optionalString(o, "contextKind", at: path)
        values = r.stringArray(o, "values", at: path)
        variation = r.optionalInt(o, "variation", at: path) ?? 0
        self.path = path
    }

    /// The target's kind: `contextKind`, or `user` when it is absent or empty.
    package var kind: String { contextKind.flatMap { $0.isEmpty ? nil : $0 } ?? "user" }
}

/// A flag rule: clauses (ANDed) and what a match serves.
package struct LaunchDarklyRule: Sendable {
    package var id: String?
    package var clauses: [LaunchDarklyClause]
    package var serve: LaunchDarklyServe
    package var trackEvents: Bool
    package var path: JSONPointer

    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path) else { return nil }
        id = r.optionalString(o, "id", at: path)
        clauses = r.elements(o, "clauses", at: path) { v, p, r in LaunchDarklyClause(json: v, at: p, &r) }
        serve = LaunchDarklyServe(json: json, at: path, &r)
        trackEvents = r.bool(o, "trackEvents", default: false, at: path)
        self.path = path
    }
}

/// What a rule or the fallthrough serves: `variation` (an index), else `rollout`; neither is
/// `ERROR/MALFORMED_FLAG` when served.
package struct LaunchDarklyServe: Sendable {
    package var variation: Int64?
    package var rollout: LaunchDarklyRollout?
    /// Where `variation` and `rollout` are members.
    package var path: JSONPointer

    init(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        self.path = path
        guard let o = r.object(json, at: path) else { return }
        variation = r.optionalInt(o, "variation", at: path)
        if let ro = o["rollout"], !ro.isNull {
            rollout = LaunchDarklyRollout(json: ro, at: path.appending("rollout"), &r)
        }
    }
}

/// A percentage rollout or an experiment: weighted variations bucketed by SHA-1.
package struct LaunchDarklyRollout: Sendable {
    /// One weighted variation.
    package struct WeightedVariation: Sendable {
        package var variation: Int64
        /// In thousandths of a percent: 100000 is everyone.
        package var weight: Int64
        /// An experiment's variation whose results are not part of the experiment.
        package var untracked: Bool
    }

    /// `experiment`, or `rollout` (also when absent or anything else).
    package var kind: String?
    package var contextKind: String?
    package var bucketBy: String?
    package var seed: Int64?
    package var variations: [WeightedVariation]
    package var path: JSONPointer

    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path) else { return nil }
        kind = r.optionalString(o, "kind", at: path)
        contextKind = r.optionalString(o, "contextKind", at: path)
        bucketBy = r.optionalString(o, "bucketBy", at: path)
        seed = r.optionalInt(o, "seed", at: path)
        variations = r.elements(o, "variations", at: path) { v, p, r in
            guard let w = r.object(v, at: p) else { return nil }
            return WeightedVariation(variation: r.optionalInt(w, "variation", at: p) ?? 0,
                                     weight: r.optionalInt(w, "weight", at: p) ?? 0,
                                     untracked: r.bool(w, "untracked", default: false, at: p))
        }
        self.path = path
    }

    /// Whether this is an experiment (`kind: "experiment"`): it buckets by key and marks its
    /// results `inExperiment`.
    package var isExperiment: Bool { kind == "experiment" }
}

/// A clause: an operator applied to an attribute of one context kind, or `segmentMatch`.
package struct LaunchDarklyClause: Sendable {
    /// `nil` or empty: old-style data, whose `attribute` is a plain name in the user kind.
    package var contextKind: String?
    package var attribute: String?
    package var op: String
    package var values: [JSONValue]
    package var negate: Bool
    package var path: JSONPointer

    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path) else { return nil }
        contextKind = r.optionalString(o, "contextKind", at: path)
        attribute = r.optionalString(o, "attribute", at: path)
        op = r.optionalString(o, "op", at: path) ?? ""
        values = r.array(o, "values", at: path)
        negate = r.bool(o, "negate", default: false, at: path)
        self.path = path
    }
}
