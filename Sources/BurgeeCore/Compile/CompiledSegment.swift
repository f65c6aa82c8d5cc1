/// A segment compiled for evaluation.
final class CompiledSegment: Sendable {
    struct KeyList: Sendable {
        let contextKind: String
        let keys: Set<ExactString>
    }

    final class Rule: Sendable {
        /// Contexts bucketed below `weight` are in.
        typealias RolloutSpec = (contextKind: String, bucketBy: AttributeReference, bucketing: Bucketing, weight: UInt32)

        let id: String?
        let clauses: [CompiledClause]
        /// `nil` lets every matching context in.
        let rollout: RolloutSpec?

        init(id: String?, clauses: [CompiledClause], rollout: RolloutSpec?) {
            self.id = id
            self.clauses = clauses
            self.rollout = rollout
        }
    }

    let key: String
    let included: Set<ExactString>
    let excluded: Set<ExactString>
    let includedContexts: [KeyList]
    let excludedContexts: [KeyList]
    let rules: [Rule]
    let isMalformed: Bool
    let problems: [DefinitionProblem]

    init(key: String, included: Set<ExactString>, excluded: Set<ExactString>, includedContexts: [KeyList],
         excludedContexts: [KeyList], rules: [Rule], isMalformed: Bool, problems: [DefinitionProblem]) {
        self.key = key
        self.included = included
        self.excluded = excluded
        self.includedContexts = includedContexts
        self.excludedContexts = excludedContexts
        self.rules = rules
        self.isMalformed = isMalformed
        self.problems = problems
    }
}
