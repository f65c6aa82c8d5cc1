extension DefinitionsFormat {
    /// Datadog Feature Flags' definitions: a Universal Flag Configuration (UFC) document, or the
    /// JSON:API envelope Datadog's CDN serves it in, read as Datadog's evaluator (libdatadog's
    /// `libdd-ffe`) reads it.
    public static let datadog = DefinitionsFormat(
        name: "datadog", displayName: "Datadog",
        expectedShape: #"an object with "createdAt", "environment":{"name"} and "flags" whose flags have "variationType" and "allocations" (a Universal Flag Configuration), or that object as "data":{"attributes":…} (Datadog's CDN)"#)

    /// Eppo's definitions: a Universal Flag Configuration (UFC) document as Eppo's SDKs
    /// (`eppo_core`) read it: `totalShards` on the flag, JSON values as strings. Never detected:
    /// its documents look like Datadog's, so it is always given (`--format eppo`).
    public static let eppo = DefinitionsFormat(
        name: "eppo", displayName: "Eppo",
        expectedShape: #"an object with "createdAt", "environment":{"name"} and "flags" whose flags have "variationType", "totalShards" and "allocations" (the body of Eppo's /api/flag-config/v1/config)"#)
}

/// Whose reading of a UFC document: Datadog's evaluator or Eppo's. They share the document's
/// shape and the shard hash and differ where docs/datadog.md lists (`totalShards`, JSON values,
/// operators, semver order, what a broken part breaks, reasons).
package enum UFCVendor: Sendable, Equatable {
    case datadog
    case eppo

    /// The format read this way.
    package var format: DefinitionsFormat { self == .datadog ? .datadog : .eppo }
}
