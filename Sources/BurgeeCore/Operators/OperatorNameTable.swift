/// A format's operator names and what each means: every format that names attribute operators
/// keeps one, as a literal list in `Formats/<Format>/<Format>Operators.swift`, and its lowering
/// looks names up here rather than switching over strings.
///
/// Generic over what a name means, so that a format whose operators are not attribute tests
/// (flagd's JsonLogic operations) keeps its names in a table of the same shape.
package struct OperatorNameTable<Meaning: Sendable>: Sendable {
    private let meanings: [String: Meaning]

    /// The table of `entries`, written as the format spells them; a name listed twice is a
    /// programming error.
    package init(_ entries: KeyValuePairs<String, Meaning>) {
        var meanings: [String: Meaning] = [:]
        for (name, meaning) in entries {
            precondition(meanings.updateValue(meaning, forKey: name) == nil, "operator '\(name)' listed twice")
        }
        self.meanings = meanings
    }

    /// What `name` means, or `nil` when the format has no such operator.
    package subscript(name: String) -> Meaning? {
        meanings[name]
    }
}
