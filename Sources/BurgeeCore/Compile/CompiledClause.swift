/// A clause ready to evaluate.
final class CompiledClause: Sendable {
    enum Test: Sendable {
        /// Reads an attribute of the clause's context kind and applies an operator.
        case attribute(AttributeReference, CompiledOperator)
        /// True when the context is in any of these segments (indices into the snapshot's segments).
        case segmentMatch([Int])
    }

    let contextKind: String
    let test: Test
    let negate: Bool
    /// Lowercase the attribute before `in`/`startsWith`/`endsWith`/`contains` (regexes lowercase themselves).
    let lowercaseInput: Bool
    /// As written, for explanations.
    let definition: ClauseDefinition

    init(contextKind: String, test: Test, negate: Bool, lowercaseInput: Bool, definition: ClauseDefinition) {
        self.contextKind = contextKind
        self.test = test
        self.negate = negate
        self.lowercaseInput = lowercaseInput
        self.definition = definition
    }
}
