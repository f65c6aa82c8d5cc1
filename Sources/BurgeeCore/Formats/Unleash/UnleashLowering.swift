/// Lowers an ``UnleashDocument`` into a ``ProgramDraft``: one program flag per feature.
///
/// **Variations.** 0 is the feature off (`false`), 1 on with no variant (`true`; Unleash's
/// `disabled` variant with `feature_enabled: true`), and 2… one per variant, each strategy's
/// own variants in strategy order, then the feature's (`true`; the variant's name is the
/// variation key, its payload is kept in ``FlagInfo/payloads``).
///
/// **Rules.** For each strategy in order, its condition is its constraints, then those of its
/// segments, then the strategy's own test, all ANDed. What it serves: its variants (overrides
/// first, as rules of their own before it, then a rollout of the `unleashVariant` family whose
/// group id is the `groupId` parameter, else the feature name), else the feature's variants
/// (group id the feature name), else variation 1. No strategy passing → variation 0 (the
/// fallthrough); no strategies at all → on. A disabled feature serves variation 0 (off).
/// A strategy of another name is a custom strategy: an ``Condition/external(_:)`` condition at
/// its position among the feature's custom strategies (``FlagInfo/externalConditions``), which
/// the client's registered code decides (Yggdrasil's `customStrategyN`, N counting from 1); none
/// registered, it never passes. A feature with a part that Yggdrasil, Unleash's reference
/// engine, cannot compile (an unknown operator, a missing segment, an unreadable `NUM_*`, `DATE_*`
/// or `SEMVER_*` value: ``UnleashRefusal``) is always off, as Yggdrasil's is.
///
/// **Variant stickiness.** A strategy's variants are bucketed by the strategy's `stickiness`
/// parameter (their own `stickiness` fields and `overrides` are not read, as in Yggdrasil); the
/// feature's variants by their first variant's `stickiness`. `default` is userId, then sessionId,
/// then a random draw; another name is that field, then a random draw.
///
/// **Dependencies** become prerequisites accepting a set of the parent's variations; a missing
/// parent, or one with dependencies of its own, fails (one level only). A `variants` list is
/// checked only when the parent gives a variant: a parent without variants satisfies any list.
/// Where a prerequisite cannot answer as Yggdrasil does (a parent's `flexibleRollout` without
/// `groupId`, which Yggdrasil draws under the child's name; a parent's custom strategies, which
/// Yggdrasil feeds the child's results; `enabled: false` with a `variants` list), the dependency is a condition of the child's rules instead, so that failing it gives
/// `FALLTHROUGH` rather than `PREREQUISITE_FAILED`.
///
/// Known limit: an override rule repeats its strategy's condition, so a strategy drawing at
/// random (`random` stickiness) whose variants have overrides may draw twice for a context that
/// matches an override.
package enum UnleashLowering {
    /// Lowers `document` with `options` (host name, clock).
    package static func lower(_ document: UnleashDocument, options: UnleashLoweringOptions = UnleashLoweringOptions()) -> ProgramDraft {
        var byName: [String: UnleashFeature] = [:]
        var duplicates: [String: JSONPointer] = [:]
        for feature in document.features {
            if byName[feature.name] != nil { duplicates[feature.name] = feature.path }
            byName[feature.name] = feature
        }
        var segments: [Int64: UnleashSegment] = [:]
        for segment in document.segments where segment.id >= 0 { segments[segment.id] = segment }
        let lowering = Lowering(features: byName, segments: segments, options: options, version: document.version ?? 0)
        let flags = byName.keys.sorted().map { name -> FlagDraft in
            var flag = lowering.lower(byName[name]!)
            if let path = duplicates[name] {
                flag.problems.append(DefinitionProblem(.warning, .flag(name), at: path,
                                                       "feature '\(name)' is defined more than once; the last one is used"))
            }
            return flag
        }
        var draft = ProgramDraft(flags: flags, segments: [], clock: options.clock)
        draft.externalConditions = options.customStrategies
        return draft
    }

    /// Feature `name` of `document` lowered alone, as ``lower(_:options:)`` lowers it (the last
    /// feature of that name, with no warning about others); `nil` when there is none. It reads the
    /// feature's parents and the segments, not the other features.
    package static func lower(feature name: String, in document: UnleashDocument,
                              options: UnleashLoweringOptions) -> (feature: UnleashFeature, draft: FlagDraft)? {
        guard let feature = document.features.last(where: { $0.name == name }) else { return nil }
        var features = [name: feature]
        let parents = Set(feature.dependencies.map(\.feature))
        if !parents.isEmpty {
            for other in document.features where parents.contains(other.name) { features[other.name] = other }
        }
        var segments: [Int64: UnleashSegment] = [:]
        for segment in document.segments where segment.id >= 0 { segments[segment.id] = segment }
        let lowering = Lowering(features: features, segments: segments, options: options, version: document.version ?? 0)
        return (feature, lowering.lower(feature))
    }

    /// The strategies Yggdrasil evaluates itself; every other name is a custom strategy.
    package static let builtInStrategies: Set<String> = [
        "default", "userWithId", "gradualRolloutUserId", "gradualRolloutSessionId", "gradualRolloutRandom",
        "flexibleRollout", "remoteAddress", "applicationHostname",
    ]

    /// `feature`'s custom strategies, in order: the external conditions its rules name by position.
    static func customStrategies(of feature: UnleashFeature) -> [ExternalCondition] {
        feature.strategies.filter { !builtInStrategies.contains($0.name) }
            .map { ExternalCondition(name: $0.name, parameters: $0.parameters) }
    }

    /// The variants that become variations 2… of `feature`, in order: each strategy's own, then
    /// the feature's. A dependency naming a variant accepts every variation of that name.
    static func variantSlots(_ feature: UnleashFeature) -> [UnleashVariant] {
        feature.strategies.flatMap(\.variants) + feature.variants
    }
}

/// One lowering pass: the document's features and segments by key.
private struct Lowering {
    let features: [String: UnleashFeature]
    let segments: [Int64: UnleashSegment]
    let options: UnleashLoweringOptions
    let version: Int64

    private static let kind = Context.unleashKind
    private static let never = Condition.any([])

    func lower(_ feature: UnleashFeature) -> FlagDraft {
        var r = ModelReader(subject: .flag(feature.name))
        for problem in feature.problems {
            if problem.severity == .error { r.error(problem.path, problem.message) } else { r.warning(problem.path, problem.message) }
        }
        var variations = [VariationDraft(key: "off", value: .bool(false)), VariationDraft(key: "on", value: .bool(true))]
        var payloads: [JSONValue?] = [nil, nil]
        func add(_ variants: [UnleashVariant]) -> [Int] {
            variants.map { variant in
                variations.append(VariationDraft(key: variant.name, value: .bool(true)))
                payloads.append(variant.payload)
                return variations.count - 1
            }
        }
        var strategyVariantIndices: [[Int]] = []
        for strategy in feature.strategies { strategyVariantIndices.append(add(strategy.variants)) }
        let featureVariantIndices = add(feature.variants)
        let featureVariants = Array(zip(featureVariantIndices, feature.variants))

        var rules: [RuleDraft] = []
        func rule(_ condition: Condition, _ serve: ServeDraft, id: String?) {
            rules.append(RuleDraft(kind: .rule(index: rules.count, id: id), condition: condition, serve: serve))
        }
        var otherwise: ServeDraft
        if let (path, why) = UnleashRefusal.firstRefusal(of: feature, segments: segments) {
            r.warning(path, "\(why): Unleash's engine cannot compile this toggle, so it is always off")
            otherwise = .variation(0)
        } else if feature.strategies.isEmpty {
            let (overrides, serve) = variantServe(own: [], ownGroup: feature.name, ownStickiness: nil, featureVariants,
                                                  feature.name, &r)
            for (condition, index) in overrides { rule(condition, .variation(index), id: "override") }
            otherwise = serve
        } else {
            for (s, strategy) in feature.strategies.enumerated() {
                let condition = self.condition(of: s, feature: feature, &r)
                let group = strategy.parameters["groupId"] ?? feature.name
                let (overrides, serve) = variantServe(own: Array(zip(strategyVariantIndices[s], strategy.variants)),
                                                      ownGroup: group, ownStickiness: strategy.parameters["stickiness"] ?? "default",
                                                      featureVariants, feature.name, &r)
                let id = strategy.id ?? "\(strategy.name)#\(s)"
                for (match, index) in overrides { rule(.all([match, condition]), .variation(index), id: id) }
                rule(condition, serve, id: id)
            }
            otherwise = .variation(0)
        }

        var prerequisites: [PrerequisiteDraft] = []
        var inlined: [Condition] = []
        for (i, dependency) in feature.dependencies.enumerated() {
            if let condition = inlinedDependency(dependency, of: feature) {
                inlined.append(condition)
            } else {
                prerequisites.append(PrerequisiteDraft(flagKey: dependency.feature, variation: .anyOf(accepted(by: dependency)),
                                                       path: feature.path.appending("dependencies").appending(i)))
            }
        }
        if !inlined.isEmpty {
            rules = rules.map { RuleDraft(kind: $0.kind, condition: .all(inlined + [$0.condition]), serve: $0.serve) }
            if case .variation(0) = otherwise {} else {
                rule(.all(inlined), otherwise, id: "dependencies")
                otherwise = .variation(0)
            }
        }
        var metadata: [String: JSONValue] = ["impressionData": .bool(feature.impressionData)]
        if let project = feature.project { metadata["project"] = .string(project) }
        if let type = feature.type { metadata["type"] = .string(type) }
        var info = FlagInfo(version: version, trackEvents: feature.impressionData, sets: [], metadata: metadata,
                            variables: Array(repeating: [:], count: variations.count), payloads: payloads)
        info.externalConditions = UnleashLowering.customStrategies(of: feature)
        var flag = FlagDraft(key: feature.name, path: feature.path, problems: r.problems, enabled: feature.enabled,
                             variations: variations, offVariation: 0, prerequisites: prerequisites, rules: rules,
                             fallthrough: otherwise, info: info)
        flag.inlined = (feature.strategies.flatMap(\.segments).map(String.init), feature.dependencies.map(\.feature))
        return flag
    }

    // MARK: Variants

    /// The override rules (condition, variation) and the final serve of a passing strategy: its
    /// own variants when it has any, else the feature's, else variation 1. A list whose weights
    /// are all 0 can still be picked by an override; otherwise the next list decides (Yggdrasil
    /// 0.21.5 fails on such a list). A strategy's variants use the strategy's stickiness
    /// (`ownStickiness`, never `nil` for them) and no overrides; the feature's variants their first
    /// variant's stickiness and their overrides.
    private func variantServe(own: [(Int, UnleashVariant)], ownGroup: String, ownStickiness: String?,
                              _ featureVariants: [(Int, UnleashVariant)], _ featureName: String,
                              _ r: inout ModelReader) -> ([(Condition, Int)], ServeDraft) {
        var overrides: [(Condition, Int)] = []
        for (list, group, strategyStickiness) in [(own, ownGroup, ownStickiness), (featureVariants, featureName, nil)] where !list.isEmpty {
            for (index, variant) in list where strategyStickiness == nil && !variant.overrides.isEmpty {
                overrides.append((.any(variant.overrides.map { override in
                    equality(override.contextName, override.values, negate: false, label: "override \(override.contextName)")
                }), index))
            }
            let weights = list.map(\.1.weight)
            if weights.reduce(0, { $0 &+ $1 }) > 0 {
                let input = Self.variantInput(strategyStickiness ?? list[0].1.stickiness)
                let rollout = RolloutDraft(bucketing: .unleashVariant(groupId: group), contextKind: Self.kind,
                                           bucketBy: input.attributes.first ?? AttributeReference(literal: "userId"),
                                           variations: list.map(\.0), weights: weights, isExperiment: false,
                                           fallback: BucketInput(attributes: Array(input.attributes.dropFirst()), random: true))
                return (overrides, .rollout(rollout))
            }
        }
        return (overrides, .variation(1))
    }

    /// Variant stickiness: `default` is userId, sessionId, then random; any other name (`random`
    /// included, read as a property) is that field, then random.
    private static func variantInput(_ stickiness: String?) -> BucketInput {
        switch stickiness ?? "default" {
        case "default": return BucketInput(attributes: ["userId", "sessionId"].map(AttributeReference.init(literal:)), random: true)
        case let field: return BucketInput(attributes: [AttributeReference(literal: field)], random: true)
        }
    }

    // MARK: Dependencies

    /// A dependency as a condition of the child's rules rather than a prerequisite, where a
    /// prerequisite on the parent would not answer as Yggdrasil does; `nil` otherwise.
    ///
    /// Three cases: Yggdrasil evaluates the parent under the child's name, so a parent's
    /// `flexibleRollout` without `groupId` draws with the child's name as its group id; it feeds
    /// the parent the child's custom strategy results, so the parent's custom strategies read the
    /// child's by position (inlined, their external conditions are the child's); and with
    /// `enabled: false` and a `variants` list, it wants the parent off **and** the variant the
    /// parent would give were it on (its first passing strategy's variants, else its own) in the
    /// list. A missing parent, or one with dependencies of its own, stays a prerequisite (failing).
    private func inlinedDependency(_ dependency: UnleashDependency, of child: UnleashFeature) -> Condition? {
        guard let parent = features[dependency.feature], parent.dependencies.isEmpty else { return nil }
        let checksVariants = !dependency.variants.isEmpty && !UnleashLowering.variantSlots(parent).isEmpty
        let childGroup = parent.strategies.contains { $0.name == "flexibleRollout" && $0.parameters["groupId"] == nil }
        // A parent's custom strategies read the child's results by position, as Yggdrasil feeds
        // them: inlined into the child's rules, their external conditions are the child's.
        let custom = parent.strategies.contains { !UnleashLowering.builtInStrategies.contains($0.name) }
        guard childGroup || custom || (checksVariants && !dependency.enabled) else { return nil }
        var scratch = ModelReader(subject: .flag(parent.name))
        let refused = UnleashRefusal.firstRefusal(of: parent, segments: segments) != nil
        let passes = refused ? [] : parent.strategies.indices.map { condition(of: $0, feature: parent, defaultGroup: child.name, &scratch) }
        let on: Condition = !parent.enabled || refused ? Self.never : parent.strategies.isEmpty ? .always : .any(passes)
        var parts = [dependency.enabled ? on : .not(on)]
        if checksVariants { parts.append(variant(of: parent, passes: passes, in: Set(dependency.variants))) }
        return .all(parts)
    }

    /// Whether the variant `parent` gives, on or off, is one of `names` (`passes`: its strategies'
    /// conditions, empty when Yggdrasil refuses it). No variant to give satisfies any list.
    private func variant(of parent: UnleashFeature, passes: [Condition], in names: Set<String>) -> Condition {
        var cases: [Condition] = []
        var earlierFail: [Condition] = []
        for (strategy, pass) in zip(parent.strategies, passes) {
            if !strategy.variants.isEmpty {
                let group = strategy.parameters["groupId"] ?? parent.name
                cases.append(.all(earlierFail + [pass, picks(strategy.variants, names, group: group,
                                                             stickiness: strategy.parameters["stickiness"] ?? "default",
                                                             overrides: false)]))
            } else {
                cases.append(.all(earlierFail + [pass, picks(parent.variants, names, group: parent.name,
                                                             stickiness: parent.variants.first?.stickiness, overrides: true)]))
            }
            earlierFail.append(.not(pass))
        }
        cases.append(.all(earlierFail + [picks(parent.variants, names, group: parent.name,
                                              stickiness: parent.variants.first?.stickiness, overrides: true)]))
        return .any(cases)
    }

    /// Whether the variant picked from `variants` is one of `names`: an override first (when
    /// `overrides`), else the variant whose weight range holds the bucket, tested as "bucket within
    /// the running sum up to it and not within the sum before it". An empty list gives no variant.
    private func picks(_ variants: [UnleashVariant], _ names: Set<String>, group: String, stickiness: String?,
                       overrides: Bool) -> Condition {
        if variants.isEmpty { return .always }
        var cases: [Condition] = []
        var noEarlierOverride: [Condition] = []
        if overrides {
            for variant in variants where !variant.overrides.isEmpty {
                let match = Condition.any(variant.overrides.map { o in
                    equality(o.contextName, o.values, negate: false, label: "override \(o.contextName)")
                })
                if names.contains(variant.name) { cases.append(.all(noEarlierOverride + [match])) }
                noEarlierOverride.append(.not(match))
            }
        }
        let weights = variants.map(\.weight)
        let total = weights.reduce(0) { $0 &+ $1 }
        guard total > 0 else { return .any(cases) }
        let family = BucketingFamily.unleashVariant(groupId: group)
        let input = Self.variantInput(stickiness)
        func within(_ sum: UInt64) -> Condition {
            .percentage(PercentageTest(bucketing: family, contextKind: Self.kind, input: input,
                                       pick: WeightedPick(family: family, weights: [sum, total - sum]),
                                       label: TestLabel(text: "variant bucket of \(group) within \(sum) of \(total)")))
        }
        var before: UInt64 = 0
        for variant in variants {
            defer { before += variant.weight }
            guard variant.weight > 0, names.contains(variant.name) else { continue }
            cases.append(.all(noEarlierOverride + [within(before + variant.weight), .not(within(before))]))
        }
        return .any(cases)
    }

    /// The parent's variations a dependency accepts; none when the parent is missing or has
    /// dependencies of its own. Variation 1 (on, no variant) satisfies any `variants` list, as in
    /// Yggdrasil, which checks the list only against a variant the parent actually gives.
    private func accepted(by dependency: UnleashDependency) -> [Int] {
        guard let parent = features[dependency.feature], parent.dependencies.isEmpty else { return [] }
        guard dependency.enabled else { return [0] }
        let slots = UnleashLowering.variantSlots(parent)
        if dependency.variants.isEmpty { return [1] + slots.indices.map { $0 + 2 } }
        let names = Set(dependency.variants)
        return [1] + slots.indices.filter { names.contains(slots[$0].name) }.map { $0 + 2 }
    }

    // MARK: Strategies

    /// The condition of `feature`'s strategy at `index`; `defaultGroup` (the feature's name unless
    /// given) is the group id of a `flexibleRollout` without a `groupId`.
    private func condition(of index: Int, feature: UnleashFeature, defaultGroup: String? = nil,
                           _ r: inout ModelReader) -> Condition {
        let strategy = feature.strategies[index]
        var parts = strategy.constraints.map { constraint(of: $0, &r) }
        for (i, id) in strategy.segments.enumerated() {
            guard let segment = segments[id], !segment.problems.contains(where: { $0.severity == .error }) else {
                r.warning(strategy.path.appending("segments").appending(i), "no usable segment \(id); the strategy never passes")
                parts.append(Self.never)
                continue
            }
            parts += segment.constraints.map { constraint(of: $0, &r) }
        }
        if UnleashLowering.builtInStrategies.contains(strategy.name) {
            parts.append(test(of: strategy, feature: feature, defaultGroup: defaultGroup ?? feature.name, &r))
        } else {
            let position = feature.strategies[..<index].count { !UnleashLowering.builtInStrategies.contains($0.name) }
            r.warning(strategy.path.appending("name"),
                      "custom strategy '\(strategy.name)' passes only where the client registers it; elsewhere it never passes")
            parts.append(.external(position))
        }
        return .all(parts)
    }

    private func test(of strategy: UnleashStrategy, feature: UnleashFeature, defaultGroup: String,
                      _ r: inout ModelReader) -> Condition {
        let p = strategy.parameters
        let group = p["groupId"] ?? defaultGroup
        switch strategy.name {
        case "default":
            return .always
        case "userWithId":
            guard let ids = p["userIds"] else { return Self.never }
            return equality("userId", UnleashLowering.items(ids), negate: false, label: "userId in userIds")
        case "remoteAddress":
            guard let ips = p["IPs"] else { return Self.never }
            let path = strategy.path.appending("parameters").appending("IPs")
            let op = CIDROperator.parse(UnleashLowering.items(ips).map(JSONValue.string), at: path, &r)
            return .test(AttributeTest(contextKind: Self.kind, attribute: AttributeReference(literal: "remoteAddress"), op: op,
                                       negate: false, absent: .failsOperator, lowercaseInput: false,
                                       label: TestLabel(text: "remoteAddress in IPs")))
        case "applicationHostname":
            let host = options.hostname.lowercased()
            return UnleashLowering.items(p["hostNames"] ?? "").contains { $0.lowercased() == host } ? .always : Self.never
        case "flexibleRollout":
            let input: BucketInput
            switch p["stickiness"] ?? "default" {
            case "default": input = BucketInput(attributes: [AttributeReference(literal: "userId"), AttributeReference(literal: "sessionId")],
                                                random: true)
            case "random": input = BucketInput(attributes: [], random: true)
            case let field: input = BucketInput(attributes: [AttributeReference(literal: field)], random: false)
            }
            return percentage(p["rollout"], group: group, input, at: strategy.path.appending("parameters").appending("rollout"), &r)
        case "gradualRolloutUserId", "gradualRolloutSessionId", "gradualRolloutRandom":
            // Yggdrasil's user and session rollouts need an explicit groupId; without one they never pass.
            if strategy.name != "gradualRolloutRandom", p["groupId"] == nil { return Self.never }
            let input: BucketInput
            switch strategy.name {
            case "gradualRolloutUserId": input = BucketInput(attributes: [AttributeReference(literal: "userId")], random: false)
            case "gradualRolloutSessionId": input = BucketInput(attributes: [AttributeReference(literal: "sessionId")], random: false)
            default: input = BucketInput(attributes: [], random: true)
            }
            return percentage(p["percentage"], group: group, input,
                              at: strategy.path.appending("parameters").appending("percentage"), &r)
        default:
            return Self.never
        }
    }

    private func percentage(_ text: String?, group: String, _ input: BucketInput, at path: JSONPointer,
                            _ r: inout ModelReader) -> Condition {
        var percent: UInt64 = 0
        if let n = UnleashRefusal.rolloutPercentage(text) {
            percent = min(n, 100)
        } else {
            r.warning(path, "percentage \(text.map { "'\($0)'" } ?? "missing") is not a whole number; the strategy never passes")
            return Self.never
        }
        let family = BucketingFamily.unleashStrategy(groupId: group)
        let shown = input.attributes.map(\.text) + (input.random ? ["random"] : [])
        return .percentage(PercentageTest(bucketing: family, contextKind: Self.kind, input: input,
                                          pick: WeightedPick(family: family, weights: [percent, 100 - percent]),
                                          label: TestLabel(text: "\(percent)% of \(group) by \(shown.joined(separator: ", "))")))
    }


    // MARK: Constraints

    private func equality(_ field: String, _ values: [String], negate: Bool, label: String) -> Condition {
        .test(AttributeTest(contextKind: Self.kind, attribute: AttributeReference(literal: field),
                            op: EqualityOperator.parse(values.map(JSONValue.string), lowercase: false), negate: negate,
                            absent: .failsOperator, lowercaseInput: false, label: TestLabel(text: label)))
    }

    private func constraint(of c: UnleashConstraint, _ r: inout ModelReader) -> Condition {
        let values = c.values.map(JSONValue.string)
        let valuesPath = c.path.appending("values")
        guard let spelling = UnleashOperators.table[c.operatorName] else {
            r.warning(c.path.appending("operator"), "unknown operator '\(c.operatorName)' never passes")
            return Self.never
        }
        let lowercase = spelling.honoursCaseInsensitive && c.caseInsensitive
        let op: Operator
        switch spelling.family {
        case .numberText(let comparison), .semVer(let comparison): return ordinal(c, comparison, &r)
        case .date(.after): return ordinal(c, .greater, &r)
        case .date(.before): return ordinal(c, .less, &r)
        case .regex:
            // Yggdrasil reads `value` only (no value: the empty pattern), in Rust's `regex` dialect.
            op = RegexOperator.parse([.string(c.value ?? "")], syntax: .rust, caseInsensitive: lowercase,
                                     at: c.path.appending("value"), &r)
        case let family:
            op = family.parse(values, lowercase: lowercase, at: valuesPath, &r)
        }
        return .test(AttributeTest(contextKind: Self.kind, attribute: AttributeReference(literal: c.contextName), op: op,
                                   negate: c.inverted != spelling.negated, absent: spelling.absent,
                                   lowercaseInput: lowercase && op.lowercasesInput, label: TestLabel(text: Self.label(c))))
    }

    private static func label(_ c: UnleashConstraint) -> String {
        let shown = c.value.map { "'\($0)'" } ?? "[\(c.values.map { "'\($0)'" }.joined(separator: ", "))]"
        return "\(c.contextName) \(c.inverted ? "NOT " : "")\(c.operatorName) \(shown)"
    }

    /// A `NUM_*`, `DATE_*` or `SEMVER_*` constraint: the value's shape picks the comparison
    /// (``UnleashOrdinalValue``), the operator only its direction. A `SEMVER_*` value starting with
    /// `v` is false, inverted or not, as in Yggdrasil. A context value is compared when it reads as
    /// the operand does: a number as Rust reads one, an RFC 3339 date-time, or a version with all
    /// three parts. `currentTime` missing from the context is the evaluation clock.
    private func ordinal(_ c: UnleashConstraint, _ comparison: NumericComparison, _ r: inout ModelReader) -> Condition {
        guard let text = c.value else { return Self.never }
        if c.operatorName.hasPrefix("SEMVER_"), text.hasPrefix("v") {
            r.warning(c.path.appending("value"), "'\(text)' starts with 'v': the constraint is false, inverted or not")
            return Self.never
        }
        guard let operand = UnleashOrdinalValue(text) else { return Self.never }
        func test(_ op: Operator, negate: Bool) -> Condition {
            .test(AttributeTest(contextKind: Self.kind, attribute: AttributeReference(literal: c.contextName), op: op,
                                negate: negate, absent: .failsOperator, lowercaseInput: false,
                                label: TestLabel(text: Self.label(c)), absentReadsClock: c.contextName == "currentTime"))
        }
        func inverted(_ condition: Condition) -> Condition { c.inverted ? .not(condition) : condition }
        switch operand {
        case .number(let n):
            return test(.numberText(comparison, [n]), negate: c.inverted)
        case .version(let version):
            // The context's value must read as `^[0-9]+\.[0-9]+\.[0-9]+([-+].*)?$`, scanned in place.
            return inverted(.all([test(.versionShape, negate: false), test(.semVer(comparison, [version]), negate: false)]))
        case .date(let instant):
            // Instants are exact to 10⁻¹⁸ s and the operand has milliseconds: `≥ t` is `> t − 1 as`.
            let earlier = instant.shifted(byAttoseconds: -1), later = instant.shifted(byAttoseconds: 1)
            switch comparison {
            case .greater: return test(.date(.after, [instant]), negate: c.inverted)
            case .less: return test(.date(.before, [instant]), negate: c.inverted)
            case .greaterOrEqual: return test(.date(.after, [earlier]), negate: c.inverted)
            case .lessOrEqual: return test(.date(.before, [later]), negate: c.inverted)
            case .equal:
                return inverted(.all([test(.date(.after, [earlier]), negate: false), test(.date(.before, [later]), negate: false)]))
            }
        }
    }
}

extension UnleashLowering {
    /// A comma-separated parameter's items, trimmed of Unicode white space as Rust trims; empty
    /// items are kept (`"a,,b"` lists `""`, which a context's empty `userId` matches).
    static func items(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            var s = item.unicodeScalars[...]
            while let f = s.first, f.properties.isWhitespace { s = s.dropFirst() }
            while let l = s.last, l.properties.isWhitespace { s = s.dropLast() }
            return String(String.UnicodeScalarView(s))
        }
    }
}

extension Timestamp {
    /// The instant `delta` attoseconds later (earlier when negative), for |delta| < 10¹⁸.
    fileprivate func shifted(byAttoseconds delta: Int64) -> Timestamp {
        let second: Int64 = 1_000_000_000_000_000_000
        var total = Int64(attoseconds) + delta
        var seconds = self.seconds
        if total < 0 { total += second; seconds -= 1 } else if total >= second { total -= second; seconds += 1 }
        return Timestamp(seconds: seconds, attoseconds: UInt64(total))
    }
}
