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
/// An unknown strategy or operator, or a missing segment, makes its strategy never pass.
///
/// **Dependencies** become prerequisites accepting a set of the parent's variations; a missing
/// parent, or one with dependencies of its own, fails (one level only).
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
        return ProgramDraft(flags: flags, segments: [], clock: options.clock)
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
        let otherwise: ServeDraft
        if feature.strategies.isEmpty {
            let (overrides, serve) = variantServe(own: [], ownGroup: feature.name, ownStickiness: nil, featureVariants,
                                                  feature.name, &r)
            for (condition, index) in overrides { rule(condition, .variation(index), id: "override") }
            otherwise = serve
        } else {
            for (s, strategy) in feature.strategies.enumerated() {
                let condition = self.condition(of: strategy, feature: feature, &r)
                let group = strategy.parameters["groupId"] ?? feature.name
                let (overrides, serve) = variantServe(own: Array(zip(strategyVariantIndices[s], strategy.variants)),
                                                      ownGroup: group, ownStickiness: strategy.parameters["stickiness"],
                                                      featureVariants, feature.name, &r)
                let id = strategy.id ?? "\(strategy.name)#\(s)"
                for (match, index) in overrides { rule(.all([match, condition]), .variation(index), id: id) }
                rule(condition, serve, id: id)
            }
            otherwise = .variation(0)
        }

        let prerequisites = feature.dependencies.enumerated().map { i, dependency in
            PrerequisiteDraft(flagKey: dependency.feature, variation: .anyOf(accepted(by: dependency)),
                              path: feature.path.appending("dependencies").appending(i))
        }
        var metadata: [String: JSONValue] = ["impressionData": .bool(feature.impressionData)]
        if let project = feature.project { metadata["project"] = .string(project) }
        if let type = feature.type { metadata["type"] = .string(type) }
        let info = FlagInfo(version: version, trackEvents: feature.impressionData, sets: [], metadata: metadata,
                            variables: Array(repeating: [:], count: variations.count), payloads: payloads)
        return FlagDraft(key: feature.name, path: feature.path, problems: r.problems, enabled: feature.enabled,
                         variations: variations, offVariation: 0, prerequisites: prerequisites, rules: rules,
                         fallthrough: otherwise, info: info)
    }

    // MARK: Variants

    /// The override rules (condition, variation) and the final serve of a passing strategy: its
    /// own variants when it has any, else the feature's, else variation 1. A list whose weights
    /// are all 0 can still be picked by an override; otherwise the next list decides. A strategy's
    /// variants without a stickiness of their own inherit the strategy's `stickiness` parameter.
    private func variantServe(own: [(Int, UnleashVariant)], ownGroup: String, ownStickiness: String?,
                              _ featureVariants: [(Int, UnleashVariant)], _ featureName: String,
                              _ r: inout ModelReader) -> ([(Condition, Int)], ServeDraft) {
        var overrides: [(Condition, Int)] = []
        for (list, group, inherited) in [(own, ownGroup, ownStickiness), (featureVariants, featureName, nil)] where !list.isEmpty {
            for (index, variant) in list where !variant.overrides.isEmpty {
                overrides.append((.any(variant.overrides.map { override in
                    equality(override.contextName, override.values, negate: false, label: "override \(override.contextName)")
                }), index))
            }
            let weights = list.map(\.1.weight)
            if weights.reduce(0, { $0 &+ $1 }) > 0 {
                let input = Self.variantInput(list[0].1.stickiness ?? inherited)
                let rollout = RolloutDraft(bucketing: .unleashVariant(groupId: group), contextKind: Self.kind,
                                           bucketBy: input.attributes.first ?? AttributeReference(literal: "userId"),
                                           variations: list.map(\.0), weights: weights, isExperiment: false,
                                           fallback: BucketInput(attributes: Array(input.attributes.dropFirst()), random: true))
                return (overrides, .rollout(rollout))
            }
        }
        return (overrides, .variation(1))
    }

    /// Variant stickiness: `default` is userId, sessionId, remoteAddress, then random; `random`
    /// is random; a field name is that field, then random.
    private static func variantInput(_ stickiness: String?) -> BucketInput {
        switch stickiness ?? "default" {
        case "default": return BucketInput(attributes: ["userId", "sessionId", "remoteAddress"].map(AttributeReference.init(literal:)),
                                           random: true)
        case "random": return BucketInput(attributes: [], random: true)
        case let field: return BucketInput(attributes: [AttributeReference(literal: field)], random: true)
        }
    }

    // MARK: Dependencies

    /// The parent's variations a dependency accepts; none when the parent is missing or has
    /// dependencies of its own.
    private func accepted(by dependency: UnleashDependency) -> [Int] {
        guard let parent = features[dependency.feature], parent.dependencies.isEmpty else { return [] }
        guard dependency.enabled else { return [0] }
        let slots = UnleashLowering.variantSlots(parent)
        if dependency.variants.isEmpty { return [1] + slots.indices.map { $0 + 2 } }
        let names = Set(dependency.variants)
        return (names.contains("disabled") ? [1] : []) + slots.indices.filter { names.contains(slots[$0].name) }.map { $0 + 2 }
    }

    // MARK: Strategies

    private func condition(of strategy: UnleashStrategy, feature: UnleashFeature, _ r: inout ModelReader) -> Condition {
        var parts = strategy.constraints.map { constraint(of: $0, &r) }
        for (i, id) in strategy.segments.enumerated() {
            guard let segment = segments[id], !segment.problems.contains(where: { $0.severity == .error }) else {
                r.warning(strategy.path.appending("segments").appending(i), "no usable segment \(id); the strategy never passes")
                parts.append(Self.never)
                continue
            }
            parts += segment.constraints.map { constraint(of: $0, &r) }
        }
        parts.append(test(of: strategy, feature: feature, &r))
        return .all(parts)
    }

    private func test(of strategy: UnleashStrategy, feature: UnleashFeature, _ r: inout ModelReader) -> Condition {
        let p = strategy.parameters
        let group = p["groupId"] ?? feature.name
        switch strategy.name {
        case "default":
            return .always
        case "userWithId":
            return equality("userId", Self.list(p["userIds"]), negate: false, label: "userId in userIds")
        case "remoteAddress":
            let path = strategy.path.appending("parameters").appending("IPs")
            let op = CIDROperator.parse(Self.list(p["IPs"]).map(JSONValue.string), at: path, &r)
            return .test(AttributeTest(contextKind: Self.kind, attribute: AttributeReference(literal: "remoteAddress"), op: op,
                                       negate: false, absent: .failsOperator, lowercaseInput: false,
                                       label: TestLabel(text: "remoteAddress in IPs")))
        case "applicationHostname":
            let host = options.hostname.lowercased()
            return Self.list(p["hostNames"]).contains { $0.lowercased() == host } ? .always : Self.never
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
            let input: BucketInput
            switch strategy.name {
            case "gradualRolloutUserId": input = BucketInput(attributes: [AttributeReference(literal: "userId")], random: false)
            case "gradualRolloutSessionId": input = BucketInput(attributes: [AttributeReference(literal: "sessionId")], random: false)
            default: input = BucketInput(attributes: [], random: true)
            }
            return percentage(p["percentage"], group: group, input,
                              at: strategy.path.appending("parameters").appending("percentage"), &r)
        default:
            r.warning(strategy.path.appending("name"), "unknown strategy '\(strategy.name)' never passes")
            return Self.never
        }
    }

    private func percentage(_ text: String?, group: String, _ input: BucketInput, at path: JSONPointer,
                            _ r: inout ModelReader) -> Condition {
        var percent: UInt64 = 0
        if let n = text.flatMap(NumberTextOperator.number(inText:)) {
            percent = n >= 100 ? 100 : n <= 0 ? 0 : UInt64(n.rounded(.down))
        } else {
            r.warning(path, "percentage \(text.map { "'\($0)'" } ?? "missing") is not a number; the strategy never passes")
        }
        let family = BucketingFamily.unleashStrategy(groupId: group)
        let shown = input.attributes.map(\.text) + (input.random ? ["random"] : [])
        return .percentage(PercentageTest(bucketing: family, contextKind: Self.kind, input: input,
                                          pick: WeightedPick(family: family, weights: [percent, 100 - percent]),
                                          label: TestLabel(text: "\(percent)% of \(group) by \(shown.joined(separator: ", "))")))
    }

    /// A comma-separated parameter's items, trimmed, empty ones dropped.
    private static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }

    // MARK: Constraints

    private func equality(_ field: String, _ values: [String], negate: Bool, label: String) -> Condition {
        .test(AttributeTest(contextKind: Self.kind, attribute: AttributeReference(literal: field),
                            op: EqualityOperator.parse(values.map(JSONValue.string), lowercase: false), negate: negate,
                            absent: .failsOperator, lowercaseInput: false, label: TestLabel(text: label)))
    }

    private func constraint(of c: UnleashConstraint, _ r: inout ModelReader) -> Condition {
        let values = c.values.map(JSONValue.string)
        let single = (c.value ?? c.values.first).map { [JSONValue.string($0)] } ?? []
        let valuesPath = c.path.appending("values")
        let valuePath = c.path.appending(c.value == nil ? "values" : "value")
        var negate = c.inverted
        var lowercase = false
        var readsClock = false
        let op: Operator
        switch c.operatorName {
        case "IN": op = EqualityOperator.parse(values, lowercase: false)
        case "NOT_IN":
            op = EqualityOperator.parse(values, lowercase: false)
            negate.toggle()
        case "STR_STARTS_WITH", "STR_ENDS_WITH", "STR_CONTAINS":
            let test: StringOperator.Test = c.operatorName == "STR_STARTS_WITH" ? .prefix : c.operatorName == "STR_ENDS_WITH" ? .suffix : .substring
            lowercase = c.caseInsensitive
            op = StringOperator.parse(test, values, lowercase: lowercase, at: valuesPath, &r)
        case "NUM_EQ": op = NumberTextOperator.parse(.equal, single, at: valuePath, &r)
        case "NUM_GT": op = NumberTextOperator.parse(.greater, single, at: valuePath, &r)
        case "NUM_GTE": op = NumberTextOperator.parse(.greaterOrEqual, single, at: valuePath, &r)
        case "NUM_LT": op = NumberTextOperator.parse(.less, single, at: valuePath, &r)
        case "NUM_LTE": op = NumberTextOperator.parse(.lessOrEqual, single, at: valuePath, &r)
        case "DATE_AFTER", "DATE_BEFORE":
            op = DateOperator.parse(c.operatorName == "DATE_AFTER" ? .after : .before, single, at: valuePath, &r)
            readsClock = true
        case "SEMVER_EQ": op = SemVerOperator.parse(.equal, single, at: valuePath, &r)
        case "SEMVER_GT": op = SemVerOperator.parse(.greater, single, at: valuePath, &r)
        case "SEMVER_GTE": op = SemVerOperator.parse(.greaterOrEqual, single, at: valuePath, &r)
        case "SEMVER_LT": op = SemVerOperator.parse(.less, single, at: valuePath, &r)
        case "SEMVER_LTE": op = SemVerOperator.parse(.lessOrEqual, single, at: valuePath, &r)
        case "REGEX":
            // Rust-regex spellings (inline flags, POSIX classes) rewritten into the portable subset.
            var insensitive = c.caseInsensitive
            let patterns = single.map { value -> JSONValue in
                guard case .string(let pattern) = value else { return value }
                let translated = UnleashRegex.translate(pattern, caseInsensitive: c.caseInsensitive)
                insensitive = translated.caseInsensitive
                return .string(translated.pattern)
            }
            op = RegexOperator.parse(patterns, caseInsensitive: insensitive, at: valuePath, &r)
        case "IN_CIDR": op = CIDROperator.parse(values, at: valuesPath, &r)
        default:
            r.warning(c.path.appending("operator"), "unknown operator '\(c.operatorName)' never passes")
            return Self.never
        }
        let shown = c.value.map { "'\($0)'" } ?? "[\(c.values.map { "'\($0)'" }.joined(separator: ", "))]"
        let label = "\(c.contextName) \(c.inverted ? "NOT " : "")\(c.operatorName) \(shown)"
        return .test(AttributeTest(contextKind: Self.kind, attribute: AttributeReference(literal: c.contextName), op: op,
                                   negate: negate, absent: .failsOperator, lowercaseInput: lowercase,
                                   label: TestLabel(text: label), absentReadsClock: readsClock))
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
