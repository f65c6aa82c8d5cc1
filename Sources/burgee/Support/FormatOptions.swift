import ArgumentParser
import BurgeeCore

/// A `--format` value: a registered definitions format, or `auto` to detect it from the document.
struct FormatChoice: ExpressibleByArgument, CustomStringConvertible {
    /// The format to read with; `nil` detects it.
    let format: DefinitionsFormat?

    /// `auto`.
    static let auto = FormatChoice(format: nil)

    private init(format: DefinitionsFormat?) {
        self.format = format
    }

    /// A registered format's name or `auto`, in any letter case.
    init?(argument: String) {
        if argument.lowercased() == "auto" {
            self = .auto
        } else if let format = DefinitionsFormat(argument: argument) {
            self.init(format: format)
        } else {
            return nil
        }
    }

    /// The registered formats' names, then `auto`.
    static var allValueStrings: [String] { DefinitionsFormat.allCases.map(\.name) + ["auto"] }

    /// The format's name, or `auto`.
    var description: String { format?.name ?? "auto" }

    var defaultValueDescription: String { description }
}

/// The `--format` option of the commands that read definitions.
struct FormatOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The definitions format, or auto to tell it from the document's shape. " + Self.evaluable + " definitions can be evaluated."))
    var format: FormatChoice = .auto

    /// The registered formats' display names, as a list opening a sentence.
    private static var evaluable: String {
        let names = FormatHelp.displayNames
        return names.prefix(1).uppercased() + names.dropFirst()
    }

    /// The format to read with; `nil` detects it.
    var definitionsFormat: DefinitionsFormat? { format.format }
}
