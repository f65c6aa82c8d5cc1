/// Compiles one flag: resolves variation keys to indices, prerequisites to flag indices, and
/// compiles its clauses and rollouts, recording every problem.
struct FlagCompiler {
    let document: DefinitionsDocument
    let flagIndex: [String: Int]
    let segments: [CompiledSegment]
    let clauses: ClauseCompiler

    /// A flag being compiled; `logic` is dropped as soon as an error is found.
    struct Draft {
        let definition: FlagDefinition
        let path: JSONPointer
        var reader: ModelReader
        var logic: FlagLogic?
        /// Indices of the existing flags named as prerequisites.
        var prerequisiteFlags: [Int]

        mutating func fail(at path: JSONPointer, _ message: String) {
            reader.error(path, message)
            logic = nil
        }
    }

    func compile(_ flag: FlagDefinition) -> Draft {
        let path = JSONPointer.root.appending("flags").appending(flag.key)
        var r = ModelReader(subject: .flag(flag.key))
        for p in flag.problems { r.error(p.path, p.message) }

        var variationIndex: [String: Int] = [:]
        for (i, variation) in flag.variations.enumerated() {
            let p = path.appending("variations").appending(i)
            if variationIndex[variation.key] != nil {
                r.error(p.appending("key"), "variation key '\(variation.key)' is used twice")
            } else {
                variationIndex[variation.key] = i
            }
            if !flag.type.accepts(variation.value) {
                r.error(p.appending("value"), "value is \(variation.value.typeName), not of the flag's type \(flag.type.rawValue)")
            }
        }
        let offVariation = flag.offVariation.flatMap {
            Self.resolve($0, variationIndex, at: path.appending("offVariation"), &r)
        }

        var prerequisites: [FlagLogic.Prerequisite] = []
        var prerequisiteFlags: [Int] = []
        for (i, prerequisite) in flag.prerequisites.enumerated() {
            let p = path.appending("prerequisites").appending(i)
            let target = flagIndex[prerequisite.flag]
            var variation = -1
            if let target, let other = document.flags[prerequisite.flag] {
                prerequisiteFlags.append(target)
                if let v = other.variations.firstIndex(where: { $0.key == prerequisite.variation }) {
                    variation = v
                } else if !other.variations.isEmpty || !other.isMalformed {
                    r.error(p.appending("variation"), "flag '\(prerequisite.flag)' has no variation '\(prerequisite.variation)'")
                }
            }
            prerequisites.append(.init(key: prerequisite.flag, flagIndex: target, variation: variation))
        }

        var targets: [FlagLogic.Target] = []
        for (i, target) in flag.targets.enumerated() {
            let p = path.appending("targets").appending(i)
            if let v = Self.resolve(target.variation, variationIndex, at: p.appending("variation"), &r) {
                targets.append(.init(contextKind: target.contextKind, keys: Set(target.values.map(ExactString.init)), variation: v))
            }
        }

        var rules: [FlagLogic.Rule] = []
        for (i, rule) in flag.rules.enumerated() {
            let p = path.appending("rules").appending(i)
            let compiled = rule.clauses.enumerated().compactMap { j, clause in
                clauses.compile(clause, at: p.appending("clauses").appending(j), &r)
            }
            for clause in compiled {
                guard case .segmentMatch(let refs) = clause.test else { continue }
                for ref in refs where segments[ref].isMalformed {
                    r.error(p.appending("clauses"), "uses malformed segment '\(segments[ref].key)'")
                }
            }
            if let serve = compileServe(rule.serve, flag: flag, at: p, variationIndex, &r) {
                rules.append(.init(id: rule.id, clauses: compiled, serve: serve))
            }
        }

        var compiledFallthrough: CompiledServe?
        if let f = flag.fallthrough {
            compiledFallthrough = compileServe(f, flag: flag, at: path.appending("fallthrough"), variationIndex, &r)
        }

        var logic: FlagLogic?
        if !r.hasErrors, let compiledFallthrough {
            logic = FlagLogic(enabled: flag.enabled, values: flag.variations.map(\.value),
                              variationKeys: flag.variations.map(\.key), offVariation: offVariation,
                              prerequisites: prerequisites, targets: targets, rules: rules, fallthrough: compiledFallthrough)
        }
        return Draft(definition: flag, path: path, reader: r, logic: logic, prerequisiteFlags: prerequisiteFlags)
    }

    private func compileServe(_ serve: ServeDefinition, flag: FlagDefinition, at path: JSONPointer,
                              _ variationIndex: [String: Int], _ r: inout ModelReader) -> CompiledServe? {
        switch serve {
        case .variation(let key):
            return Self.resolve(key, variationIndex, at: path.appending("variation"), &r).map(CompiledServe.variation)
        case .rollout(let rollout):
            let p = path.appending("rollout")
            var indices: [Int] = []
            var bounds: [UInt32] = []
            var sum: Int64 = 0
            var ok = true
            for (i, weighted) in rollout.variations.enumerated() {
                let wp = p.appending("variations").appending(i)
                if weighted.weight < 0 {
                    r.error(wp.appending("weight"), "weight \(weighted.weight) is negative")
                    ok = false
                }
                sum = sum.addingReportingOverflow(max(0, weighted.weight)).partialValue
                guard let v = Self.resolve(weighted.variation, variationIndex, at: wp.appending("variation"), &r) else {
                    ok = false
                    continue
                }
                indices.append(v)
                bounds.append(UInt32(clamping: sum))
            }
            let bucketing = Bucketing.native(salt: flag.salt ?? flag.key, seed: rollout.seed)
            if sum != Int64(bucketing.scale) {
                r.error(p.appending("variations"), "weights sum to \(sum), not \(bucketing.scale)")
                ok = false
            }
            guard let bucketBy = AttributeReference(rollout.bucketBy) else {
                r.error(p.appending("bucketBy"), "invalid attribute reference '\(rollout.bucketBy)'")
                return nil
            }
            guard ok else { return nil }
            return .rollout(CompiledRollout(
                isExperiment: rollout.kind == .experiment, contextKind: rollout.contextKind,
                bucketBy: rollout.kind == .experiment ? .key : bucketBy,
                bucketing: bucketing, variations: indices, upperBounds: bounds))
        }
    }

    /// The index of variation `key`, or an error at `path`.
    private static func resolve(_ key: String, _ index: [String: Int], at path: JSONPointer,
                                _ r: inout ModelReader) -> Int? {
        if let i = index[key] { return i }
        r.error(path, "no variation '\(key)'")
        return nil
    }
}
