/// One Unleash feature toggle: whether it is enabled, its strategies, variants and dependencies.
package struct UnleashFeature: Sendable {
    package var name: String
    package var enabled: Bool
    package var strategies: [UnleashStrategy]
    /// The feature-level variants, used when the passing strategy has none.
    package var variants: [UnleashVariant]
    package var dependencies: [UnleashDependency]
    /// Whether impression events are asked for (kept as metadata).
    package var impressionData: Bool
    /// The feature's `project` and `type`, kept as metadata.
    package var project: String?
    package var type: String?
    /// Where the feature sits in its document.
    package var path: JSONPointer
    /// Problems found reading it; any error makes its flag malformed.
    package var problems: [DefinitionProblem]
    /// The feature as it arrived, for change detection.
    package var json: JSONValue = .null

    /// A feature.
    package init(name: String, enabled: Bool, strategies: [UnleashStrategy] = [], variants: [UnleashVariant] = [],
                 dependencies: [UnleashDependency] = [], impressionData: Bool = false, project: String? = nil,
                 type: String? = nil, path: JSONPointer = .root, problems: [DefinitionProblem] = []) {
        self.name = name
        self.enabled = enabled
        self.strategies = strategies
        self.variants = variants
        self.dependencies = dependencies
        self.impressionData = impressionData
        self.project = project
        self.type = type
        self.path = path
        self.problems = problems
    }

    /// Reads a feature at `path`. A feature without a string `name` is named after its path, so
    /// that it is reported and never found by a real name.
    package init(json: JSONValue, at path: JSONPointer) {
        var nameGuess = "\(path)"
        if case .object(let o) = json, case .string(let n)? = o["name"] { nameGuess = n }
        var r = ModelReader(subject: .flag(nameGuess))
        self.init(name: nameGuess, enabled: false, path: path)
        self.json = json
        guard let o = r.object(json, at: path) else { problems = r.problems; return }
        _ = r.requiredString(o, "name", at: path)
        enabled = r.bool(o, "enabled", default: false, at: path)
        strategies = r.elements(o, "strategies", at: path) { value, p, r in UnleashStrategy(json: value, at: p, &r) }
        variants = r.elements(o, "variants", at: path) { value, p, r in UnleashVariant(json: value, at: p, &r) }
        dependencies = r.elements(o, "dependencies", at: path) { value, p, r in UnleashDependency(json: value, at: p, &r) }
        impressionData = r.bool(o, "impressionData", default: false, at: path)
        project = o["project"]?.stringValue
        type = o["type"]?.stringValue
        problems = r.problems
    }
}
