/// A flag compiled for evaluation. A class so that reading one from the snapshot costs one retain.
final class CompiledFlag: Sendable {
    let key: String
    let definition: FlagDefinition
    /// `nil` for a malformed flag: it evaluates to `ERROR/MALFORMED_FLAG`.
    let logic: FlagLogic?
    let problems: [DefinitionProblem]

    init(key: String, definition: FlagDefinition, logic: FlagLogic?, problems: [DefinitionProblem]) {
        self.key = key
        self.definition = definition
        self.logic = logic
        self.problems = problems
    }

    var isMalformed: Bool { logic == nil }
}

/// The evaluable part of a well-formed flag; variations are referred to by index.
///
/// Classes, here and for rules and clauses, so that the evaluator reads them with one retain
/// instead of copying structs full of arrays.
final class FlagLogic: Sendable {
    struct Prerequisite: Sendable {
        let key: String
        /// `nil` when no such flag exists: the prerequisite always fails.
        let flagIndex: Int?
        let variation: Int
    }

    struct Target: Sendable {
        let contextKind: String
        let keys: Set<ExactString>
        let variation: Int
    }

    final class Rule: Sendable {
        let id: String?
        let clauses: [CompiledClause]
        let serve: CompiledServe

        init(id: String?, clauses: [CompiledClause], serve: CompiledServe) {
            self.id = id
            self.clauses = clauses
            self.serve = serve
        }
    }

    let enabled: Bool
    let values: [JSONValue]
    let variationKeys: [String]
    let offVariation: Int?
    let prerequisites: [Prerequisite]
    let targets: [Target]
    let rules: [Rule]
    let `fallthrough`: CompiledServe

    init(enabled: Bool, values: [JSONValue], variationKeys: [String], offVariation: Int?, prerequisites: [Prerequisite],
         targets: [Target], rules: [Rule], fallthrough: CompiledServe) {
        self.enabled = enabled
        self.values = values
        self.variationKeys = variationKeys
        self.offVariation = offVariation
        self.prerequisites = prerequisites
        self.targets = targets
        self.rules = rules
        self.`fallthrough` = `fallthrough`
    }
}

/// What a rule or the fallthrough serves.
enum CompiledServe: Sendable {
    case variation(Int)
    case rollout(CompiledRollout)
}
