import ArgumentParser
import BurgeeCore

/// A `--format` value: a definitions format, or `auto` to detect it from the document.
enum FormatChoice: String, CaseIterable, ExpressibleByArgument {
    case native, unleash, launchdarkly, flagd, auto

    /// Any letter case is accepted.
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// The format to read with; `nil` detects it.
    var format: DefinitionsFormat? {
        self == .auto ? nil : DefinitionsFormat(argument: rawValue)
    }
}

/// The `--format` option of the commands that read definitions.
struct FormatOptions: ParsableArguments {
    @Option(name: .long, help: """
        The definitions format, or auto to tell it from the document's shape. Native, Unleash, \
        LaunchDarkly and flagd definitions can be evaluated.
        """)
    var format: FormatChoice = .auto

    /// The format to read with; `nil` detects it.
    var definitionsFormat: DefinitionsFormat? { format.format }
}
