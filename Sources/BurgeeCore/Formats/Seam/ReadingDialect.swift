/// How a format's documents are recognised, read and kept: the part of a format's dialect that
/// detection (``FormatMarkers``), ``DefinitionsReader`` and ``Definitions`` consult.
///
/// A format implements it once, in its `<Format>Dialect.swift`, as part of its
/// ``DefinitionsDialect``.
package protocol ReadingDialect: Sendable {
    /// A read document of this format.
    associatedtype Document: Sendable

    /// The format this dialect speaks.
    var format: DefinitionsFormat { get }

    // MARK: Detection

    /// The member that every document of the format has, quoted, for a message about a document
    /// that has none of the formats' markers: `"formatVersion"`, `"features"`, `"flags"`.
    var principalMarker: String { get }

    /// Whether and how the format's documents keep flags in a top-level `flags` object.
    var flagsMember: FlagsMember { get }

    /// Whether a flag object found in a `flags` member has this format's shape (only asked when
    /// ``flagsMember`` has a shape).
    func hasFlagShape(_ flag: [String: JSONValue]) -> Bool

    /// Formats whose documents have this format's shape too, so that their markers do not
    /// contradict this format when it is given (two readings of one document shape).
    var sharesShapeWith: [DefinitionsFormat] { get }

    /// The markers of this format among a document's top-level members other than a flag's
    /// shape in `flags`, in the words of messages (`"formatVersion"`, `delta "events"`); the first
    /// is named when the document is not of this format.
    func markers(in members: [String: JSONValue]) -> [String]

    // MARK: Reading

    /// Reads a parsed document of this format.
    /// - Throws: ``DefinitionsError`` (with JSON paths) when the document as a whole is not one.
    func read(_ json: JSONValue) throws(DefinitionsError) -> Document

    /// Whether several documents of the format can be read as one (``merge(_:)``).
    var mergesDocuments: Bool { get }

    /// Several parsed documents as the one document the format's own tools make of them, in
    /// order; only asked when ``mergesDocuments``.
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` for a document that is not of the format.
    func merge(_ documents: [JSONValue]) throws(DefinitionsError) -> JSONValue

    /// The document's version: 0 for a format without one.
    func version(of document: Document) -> Int64

    /// The JSON a cache stores for the document read from `json`: JSON whose format is told from
    /// its shape when read back.
    func cachedJSON(of document: Document, read json: JSONValue) -> JSONValue

    /// Problems of the document itself, which belong to no flag or segment (``Snapshot/problems``
    /// has the others).
    func documentProblems(of document: Document) -> [DefinitionProblem]
}

/// How a format's documents use a top-level `flags` object, for detection.
package enum FlagsMember: Equatable, Sendable {
    /// They have none.
    case absent
    /// They have one, but a flag in it does not tell the format.
    case unmarked
    /// They have one whose flags have a telling shape, named by the words given (`"on"`).
    case marked(String)

    /// The words naming the flags' telling shape; `nil` when they have none.
    var shape: String? {
        if case .marked(let words) = self { words } else { nil }
    }
}

extension ReadingDialect {
    /// No telling flag shape.
    package func hasFlagShape(_ flag: [String: JSONValue]) -> Bool { false }

    /// None.
    package var sharesShapeWith: [DefinitionsFormat] { [] }

    /// Documents are not merged.
    package var mergesDocuments: Bool { false }

    /// The first document: documents are not merged.
    package func merge(_ documents: [JSONValue]) throws(DefinitionsError) -> JSONValue {
        documents.first ?? .null
    }

    /// No version.
    package func version(of document: Document) -> Int64 { 0 }

    /// The JSON the document was read from.
    package func cachedJSON(of document: Document, read json: JSONValue) -> JSONValue { json }

    /// None.
    package func documentProblems(of document: Document) -> [DefinitionProblem] { [] }
}
