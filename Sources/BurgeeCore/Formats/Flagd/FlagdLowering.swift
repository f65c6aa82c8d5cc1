/// Lowers flagd definitions into a ``ProgramDraft``.
///
/// - Variations are the variants in name order; a disabled flag serves no variation (the
///   caller's default, reason `DISABLED`).
/// - No targeting (absent, `null` or `{}`): the fallthrough serves the default variant
///   (`STATIC`), or nothing when there is none (`DEFAULT`).
/// - `{"if":[c1, "a", c2, "b", …, else?]}` whose branches are constants naming variants (`true`
///   and `false` name the `"true"`/`"false"` variants) becomes rules, one per condition, each a
///   compiled JsonLogic test; the `else` (a constant variant: `TARGETING_MATCH`; absent or `null`:
///   the default variant, `DEFAULT`) becomes the fallthrough.
/// - Any other targeting is a value expression (``ValueExpressionDraft``); a number it yields names
///   the variant written as that number's JSON text (`1` → `"1"`), as flagd's evaluators read it.
/// - Targeting that cannot compile makes the flag malformed (`PARSE_ERROR`) with its path, unless
///   the flag is `DISABLED`: flagd never reads a disabled flag's targeting, so it only warns.
package enum FlagdLowering {
    package static func lower(_ document: FlagdDocument, options: FlagdLoweringOptions = FlagdLoweringOptions()) -> ProgramDraft {
        ProgramDraft(flags: document.flags.map { lower(flag: $0, in: document, options: options) },
                     clock: options.now.map(EvaluationClock.fixed) ?? .system)
    }

    /// One flag of `document`, lowered as lowering the whole document lowers it.
    package static func lower(flag: FlagdFlag, in document: FlagdDocument, options: FlagdLoweringOptions) -> FlagDraft {
        let flag = ignoringTargetingIfDisabled(flag)
        let names = flag.variants.map(\.name)
        let defaultIndex = flag.defaultVariant.flatMap { names.firstIndex(of: $0) }
        let defaultServe: ServeDraft = defaultIndex.map(ServeDraft.variation) ?? .none
        var info = FlagInfo(version: 0, trackEvents: false, sets: [], metadata: document.metadata(of: flag), variables: [])
        var draft = FlagDraft(key: flag.key, path: flag.path, problems: flag.problems, enabled: flag.enabled,
                              variations: flag.variants.map { VariationDraft(key: $0.name, value: $0.value) },
                              offVariation: nil, fallthrough: defaultServe, info: info)
        guard !flag.hasErrors else {
            draft.unreadable = true
            return draft
        }
        guard let targeting = flag.targeting else {
            info.openFeatureFallthroughReason = defaultIndex == nil ? "DEFAULT" : "STATIC"
            draft.info = info
            return draft
        }
        let path = flag.path.appending("targeting")
        func compile(_ json: JSONValue, _ at: JSONPointer, variantNames: [String] = []) -> JsonLogicTree? {
            switch JsonLogicCompiler.compile(json, at: at, language: .flagd(options.fractionalRule), flagKey: flag.key,
                                             variantNames: variantNames) {
            case .success(let tree): return tree
            case .failure(let failure):
                draft.problems.append(DefinitionProblem(.error, .flag(flag.key), at: failure.path, failure.message))
                return nil
            }
        }
        // Compile the whole expression first: it reports every problem with its path.
        guard let whole = compile(targeting, path, variantNames: names) else { return draft }
        if let chain = constantChain(targeting, names) {
            var rules: [RuleDraft] = []
            let ifPath = path.appending("if")
            for (i, branch) in chain.branches.enumerated() {
                guard let tree = compile(branch.condition, ifPath.appending(2 * i)) else { return draft }
                rules.append(RuleDraft(kind: .rule(index: i, id: nil), condition: .expression(ExpressionTest(expression: tree)),
                                       serve: .variation(branch.variation)))
            }
            draft.rules = rules
            if let otherwise = chain.otherwise {
                draft.fallthrough = .variation(otherwise)
                info.openFeatureFallthroughReason = "TARGETING_MATCH"
            } else {
                info.openFeatureFallthroughReason = "DEFAULT"
            }
            draft.info = info
            return draft
        }
        draft.fallthrough = .expression(ValueExpressionDraft(expression: whole, variationKeys: names, defaultVariation: defaultIndex))
        info.openFeatureFallthroughReason = "DEFAULT"
        draft.info = info
        return draft
    }

    /// flagd's evaluators read targeting only to evaluate it, so a `DISABLED` flag answers
    /// `DISABLED` whatever its targeting: targeting a disabled flag cannot use warns instead of
    /// making the flag malformed, and is dropped.
    private static func ignoringTargetingIfDisabled(_ flag: FlagdFlag) -> FlagdFlag {
        guard case .object(let members) = flag.json, case .string("DISABLED")? = members["state"] else { return flag }
        var flag = flag
        let targeting = flag.path.appending("targeting").tokens
        flag.problems = flag.problems.map { problem in
            guard problem.severity == .error, problem.path.tokens.starts(with: targeting) else { return problem }
            var warning = problem
            warning.severity = .warning
            warning.message += " (ignored while the flag is DISABLED)"
            return warning
        }
        if let t = flag.targeting,
           case .failure(let failure) = JsonLogicCompiler.compile(t, at: flag.path.appending("targeting"), language: .flagd(.v2),
                                                                   flagKey: flag.key) {
            flag.problems.append(DefinitionProblem(.warning, .flag(flag.key), at: failure.path,
                                                   failure.message + " (ignored while the flag is DISABLED)"))
        }
        if flag.problems.contains(where: { $0.path.tokens.starts(with: targeting) }) { flag.targeting = nil }
        return flag
    }

    /// An `if` chain whose branches name variants: conditions with their variation, and the
    /// `else` variation (`nil`: absent or `null`).
    private struct Chain {
        var branches: [(condition: JSONValue, variation: Int)]
        var otherwise: Int?
    }

    private static func constantChain(_ targeting: JSONValue, _ names: [String]) -> Chain? {
        guard case .object(let members) = targeting, members.count == 1,
              case .array(let args)? = members["if"] ?? members["?:"], args.count >= 2 else { return nil }
        func variation(_ value: JSONValue) -> Int? {
            switch value {
            case .string(let name): return names.firstIndex(of: name)
            case .bool(let b): return names.firstIndex(of: b ? "true" : "false")
            default: return nil
            }
        }
        var chain = Chain(branches: [], otherwise: nil)
        var i = 0
        while i + 1 < args.count {
            guard let v = variation(args[i + 1]) else { return nil }
            chain.branches.append((args[i], v))
            i += 2
        }
        if i < args.count {
            if case .null = args[i] { return chain }
            guard let v = variation(args[i]) else { return nil }
            chain.otherwise = v
        }
        return chain
    }
}
