/// An evaluation with every step that led to it: prerequisites, targets, rules, clauses with the
/// attribute values seen, segments, and rollout buckets.
package struct EvaluationExplanation: Sendable, CustomStringConvertible {
    /// One step, nested under the flag, rule or segment it belongs to.
    package struct Step: Sendable {
        /// How deep the step is nested.
        package var depth: Int
        /// Whether the step passed, failed, or only informs.
        package var outcome: Outcome?
        /// A line for a person.
        package var text: String
    }

    /// A step's result.
    package enum Outcome: String, Sendable {
        /// The condition held.
        case pass
        /// The condition did not hold.
        case fail
    }

    /// The flag explained.
    package var flagKey: String
    /// The result, exactly as ``Snapshot/evaluate(_:context:default:as:)`` returns it.
    package var detail: EvaluationDetail
    /// The steps, in evaluation order.
    package var steps: [Step]
    /// A remark on why there are no steps (unknown flag, invalid context, malformed flag).
    package var note: String?

    /// An explanation of `detail` by `steps`, with a remark on why there are none.
    package init(flagKey: String, detail: EvaluationDetail, steps: [Step], note: String?) {
        self.flagKey = flagKey
        self.detail = detail
        self.steps = steps
        self.note = note
    }

    /// The trace as indented lines, then the result.
    package var description: String {
        var lines: [String] = []
        for step in steps {
            let mark: String
            switch step.outcome {
            case .pass?: mark = "✓ "
            case .fail?: mark = "✗ "
            case nil: mark = "· "
            }
            lines.append(String(repeating: "  ", count: step.depth) + mark + step.text)
        }
        if let note { lines.append(note) }
        var result = "result: \(detail.value.serialized())"
        result += detail.variationKey.map { " (variation '\($0)', index \(detail.variationIndex ?? -1))" } ?? " (no variation: default)"
        result += " reason \(detail.reason.jsonText)"
        lines.append(result)
        return lines.joined(separator: "\n")
    }
}
