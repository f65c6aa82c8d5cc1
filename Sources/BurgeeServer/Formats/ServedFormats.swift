import BurgeeCore

/// The formats ``DefinitionsServer`` serves, one line each.
enum ServedFormats {
    /// In the order their parts appear in ``ServerActivity/summary``.
    static let all: [any ServedFormat.Type] = [
        NativeServedFormat.self,
        LaunchDarklyServedFormat.self,
        UnleashServedFormat.self,
        FlagdServedFormat.self,
        SplitServedFormat.self,
        KameleoonServedFormat.self,
        DatadogServedFormat.self,
        EppoServedFormat.self,
    ]

    private static let byFormat: [DefinitionsFormat: any ServedFormat.Type] =
        Dictionary(all.map { ($0.format, $0) }, uniquingKeysWith: { first, _ in first })

    /// What the server serves for `format`; `nil` for a format it has no API for.
    static func descriptor(for format: DefinitionsFormat) -> (any ServedFormat.Type)? {
        byFormat[format]
    }
}

extension DefinitionsServer {
    /// `burgee serve --help`'s paragraph on each format served, in the registry's order of formats.
    package static var formatHelp: [String] {
        DefinitionsFormat.allCases.compactMap { ServedFormats.descriptor(for: $0)?.help }
    }
}
