/// A segment: a reusable list of constraints, referred to by id.
package struct UnleashSegment: Sendable {
    package var id: Int64
    package var name: String?
    package var constraints: [UnleashConstraint]
    package var path: JSONPointer
    /// Problems found reading it; a strategy using a segment with errors never passes.
    package var problems: [DefinitionProblem]
    /// The segment as it arrived, for change detection.
    package var json: JSONValue = .null

    /// A segment.
    package init(id: Int64, name: String? = nil, constraints: [UnleashConstraint] = [], path: JSONPointer = .root,
                 problems: [DefinitionProblem] = []) {
        self.id = id
        self.name = name
        self.constraints = constraints
        self.path = path
        self.problems = problems
    }

    /// Reads a segment at `path`; one without an integer `id` can never be used (id -1).
    package init(json: JSONValue, at path: JSONPointer) {
        var idGuess: Int64 = -1
        if case .object(let o) = json, case .number(let n)? = o["id"], let i = JSONValue.exactInt64(n) { idGuess = i }
        var r = ModelReader(subject: .segment(String(idGuess)))
        self.init(id: idGuess, path: path)
        self.json = json
        guard let o = r.object(json, at: path) else { problems = r.problems; return }
        if r.requiredInt(o, "id", at: path) == nil { idGuess = -1 }
        name = o["name"]?.stringValue
        constraints = r.elements(o, "constraints", at: path) { value, p, r in UnleashConstraint(json: value, at: p, &r) }
        problems = r.problems
    }
}
