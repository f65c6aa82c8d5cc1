/// A format of flag definitions documents that Burgee reads: its name on the command line, its
/// name for a person, and what its documents look like.
///
/// A document's format is either given (`burgee eval --format <name>`) or detected from its shape
/// with `detect(in:)`. Each format declares itself in its own folder as a static member (such as
/// ``native``), and ``allCases`` lists the registered formats. Two formats are the same when their ``name``s are.
///
/// Documents of every format can be evaluated.
public struct DefinitionsFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The command-line spelling, lowercase, such as `native`.
    public let name: String
    /// The format's name for a person, such as `native Burgee`.
    public let displayName: String
    /// What a document of this format looks like, for messages about a document that is not one.
    public let expectedShape: String

    /// A format; it is known only once its dialect is registered (see ``allCases``).
    package init(name: String, displayName: String, expectedShape: String) {
        self.name = name
        self.displayName = displayName
        self.expectedShape = expectedShape
    }

    /// The registered format named by a command-line spelling, in any letter case; `nil` for
    /// anything else.
    public init?(argument: String) {
        guard let format = FormatRegistry.dialect(named: argument.lowercased())?.format else { return nil }
        self = format
    }

    /// Every registered format, in registry order (native, unleash, launchdarkly, flagd, split, then any format added).
    public static var allCases: [DefinitionsFormat] { FormatRegistry.formats }

    /// The command-line spelling, ``name``.
    public var description: String { name }

    /// Formats are equal when their names are.
    public static func == (a: DefinitionsFormat, b: DefinitionsFormat) -> Bool { a.name == b.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The format of a parsed document, told from its shape; never a guess.
    ///
    /// Each format names the top-level members that mark its documents (for example
    /// `formatVersion` for ``native``) and, for formats whose documents keep flags in a shared
    /// `flags` object, the shape of one such flag (see docs/architecture.md, "How to add a format").
    ///
    /// - Throws: `FormatDetectionError`, naming the candidate formats, when the document is not
    ///   an object, carries the markers of more than one format, or carries none (an empty `flags`
    ///   object with nothing else to tell included).
    package static func detect(in document: JSONValue) throws(FormatDetectionError) -> DefinitionsFormat {
        guard case .object(let members) = document else {
            throw FormatDetectionError(
                candidates: allCases,
                message: "the top level is \(document.typeName), not an object; definitions of every format are a JSON object")
        }
        let markers = FormatMarkers(members)
        let found = markers.formats
        if found.count == 1 { return found[0] }
        if found.count > 1 {
            throw FormatDetectionError(
                candidates: found,
                message: "the document has the markers of more than one format: " + markers.listed(found))
        }
        throw markers.unmarkedError
    }
}
