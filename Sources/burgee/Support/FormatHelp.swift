import BurgeeCore

/// The parts of the commands' help that describe formats, assembled from the registry in its
/// order: each format's dialect writes its own words (``CommandLineHelp``), so that a format
/// added is described wherever formats are.
enum FormatHelp {
    /// Every registered format's help, in registry order.
    static var formats: [(format: DefinitionsFormat, help: CommandLineHelp)] {
        FormatRegistry.dialects.map { ($0.format, $0.commandLineHelp) }
    }

    /// The registered formats' display names, as a list in a sentence: `native Burgee, Unleash, … and Eppo`.
    static var displayNames: String {
        list(DefinitionsFormat.allCases.map(\.displayName))
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The sentence on `--format` that opens each command's part on formats; `done` is what the
    /// command does to definitions (`evaluated`).
    static func formatSentence(_ done: String, undetectable: String) -> String {
        "The format of the definitions is given with --format or told from the document's shape (auto, the default); "
            + "definitions of every format it lists can be \(done): \(displayNames). A document whose format cannot be "
            + "told \(undetectable)."
    }

    /// `burgee eval`'s paragraphs on formats: one per format.
    static var evaluation: String {
        formats.map(\.help.evaluation).joined(separator: "\n\n")
    }

    /// `burgee explain`'s sentences on formats, in one paragraph.
    static var explanation: String {
        formats.compactMap(\.help.explanation).joined(separator: " ")
    }

    /// `burgee validate`'s sentences on formats, in one paragraph.
    static var validation: String {
        formats.compactMap(\.help.validation).joined(separator: " ")
    }

    /// What `--now` fixes, format by format: clauses joined by semicolons.
    static var clock: String {
        formats.compactMap(\.help.clock).joined(separator: "; ")
    }

    /// The formats whose documents several `--definitions` files may give, merged, as a list in a
    /// sentence (`flagd`); `nil` when no format merges documents.
    static var merging: String? {
        let names = DefinitionsFormat.allCases.filter { FormatRegistry.reading(of: $0).mergesDocuments }.map(\.displayName)
        return names.isEmpty ? nil : list(names)
    }
}
