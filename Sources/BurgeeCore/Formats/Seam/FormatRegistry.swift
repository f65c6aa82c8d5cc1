/// The formats Burgee reads, one dialect a line, in the order that lists and messages name them.
///
/// Detection, ``DefinitionsFormat/init(argument:)``, ``Definitions``, ``Snapshot``, the command
/// line, the flag explorer and OFREP consult this list, each through the part of a dialect it
/// needs (``reading(of:)``, ``compiling(of:)``, ``tooling(of:)``); a new format is its folder in
/// `Formats/` and one line here.
package enum FormatRegistry {
    /// Every registered dialect.
    package static let dialects: [any DefinitionsDialect] = [
        NativeDialect(),
        UnleashDialect(),
        LaunchDarklyDialect(),
        FlagdDialect(),
        SplitDialect(),
        KameleoonDialect(),
        UFCDialect(vendor: .datadog),
        UFCDialect(vendor: .eppo),
    ]

    /// Every registered format, in registry order.
    package static let formats: [DefinitionsFormat] = dialects.map(\.format)

    private static let byName: [String: any DefinitionsDialect] = Dictionary(
        dialects.map { ($0.format.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The dialect of the format named `name` (exactly, lowercase); `nil` when none is registered.
    package static func dialect(named name: String) -> (any DefinitionsDialect)? {
        byName[name]
    }

    /// The dialect of `format`, which must be registered: a ``DefinitionsFormat`` is declared
    /// beside its dialect, and the registry lists every dialect.
    package static func dialect(of format: DefinitionsFormat) -> any DefinitionsDialect {
        guard let dialect = byName[format.name] else {
            preconditionFailure("the format '\(format.name)' is not registered in FormatRegistry")
        }
        return dialect
    }

    /// How `format`'s documents are recognised and read.
    package static func reading(of format: DefinitionsFormat) -> any ReadingDialect {
        dialect(of: format)
    }

    /// How `format`'s documents are compiled, and what its snapshots keep of it.
    package static func compiling(of format: DefinitionsFormat) -> any CompilingDialect {
        dialect(of: format)
    }

    /// How the command line, the flag explorer and OFREP speak `format`'s contexts and results.
    package static func tooling(of format: DefinitionsFormat) -> any ToolingDialect {
        dialect(of: format)
    }
}
