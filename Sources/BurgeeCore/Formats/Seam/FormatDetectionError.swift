/// Why ``DefinitionsFormat/detect(in:)`` could not tell a document's format: the formats it could
/// be, and what was seen.
package struct FormatDetectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The formats the document could be, in `DefinitionsFormat.allCases` order; giving one of
    /// them explicitly settles the question.
    package let candidates: [DefinitionsFormat]
    /// What was seen, e.g. `the document has none of the markers …`.
    package let message: String

    /// An error naming `candidates` (ordered as `DefinitionsFormat.allCases`).
    package init(candidates: [DefinitionsFormat], message: String) {
        self.candidates = DefinitionsFormat.allCases.filter(candidates.contains)
        self.message = message
    }

    /// A sentence for a person, naming the candidates by their command-line spellings:
    /// `cannot tell the definitions format: …; it could be native or <name>`.
    package var description: String {
        let names = candidates.map(\.name)
        let list: String
        switch names.count {
        case 0: list = "none of the known formats"
        case 1: list = names[0]
        default: list = names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        }
        return "cannot tell the definitions format: \(message); it could be \(list)"
    }
}
