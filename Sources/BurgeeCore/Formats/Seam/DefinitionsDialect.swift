/// Everything Burgee knows about one format of flag definitions, implemented once per format in
/// that format's folder and listed in ``FormatRegistry``: how its documents are recognised,
/// read, compiled and cached, and how contexts and results are spoken in it.
///
/// Shared code (``Definitions``, ``Snapshot``, format detection, the command line, OFREP) asks
/// the registry for a format's dialect instead of naming formats. None of this is on the
/// evaluation path: a ``Snapshot`` keeps what evaluation needs as plain values.
package protocol DefinitionsDialect: Sendable {
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

    // MARK: Reading and compiling

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

    /// Lowers and links the document into a snapshot, with only the flags of `flagSets` when
    /// given (see ``Snapshot/init(compiling:flagSets:options:)``); the snapshot's source items
    /// and dependencies are what change detection compares.
    func compile(_ document: Document, flagSets: Set<String>?, options: CompileOptions) -> Snapshot

    // MARK: Contexts and results

    /// Whether an invalid context is reported before an unknown flag.
    var checksContextFirst: Bool { get }

    /// How the format's snapshots read a context built with the neutral API, when its rules read
    /// contexts of a shape of their own; `nil` when they read every context as it is.
    var contextShape: ContextShape? { get }

    /// The key a request's flag name looks up, as the format's SDKs read the name (Split's trim
    /// it); `nil` for a name they refuse before evaluating (`ERROR/INVALID_CONTEXT`).
    func flagKey(requested name: String) -> String?

    /// A request's context, read in the format's own context shape (`Context(<vendor>JSON:)`).
    func context(json: JSONValue) -> Context

    /// An OpenFeature evaluation context's members (OFREP's `context`) as this format's SDKs map
    /// them to a context.
    /// - Throws: ``OpenFeatureContextError`` for a context they refuse.
    func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context

    /// The format's own view of an evaluation of `context`, which the command line's result line
    /// carries as a member; `nil` for a format without one.
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult?

    /// The context a command-line request evaluates `flag` with, given the context its request
    /// line read (``context(json:)``). A format whose SDK keeps state between calls replays what
    /// the request describes here (Kameleoon: a visitor's data, then earlier evaluations); others
    /// evaluate the context as read.
    func prepared(_ context: Context, flag key: String, in snapshot: Snapshot) -> Context

    /// The evaluation clock of the command line when `--now` is not given; `nil`: the system's.
    var commandLineNow: Timestamp? { get }
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

extension DefinitionsDialect {
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

    /// After the flag is looked up, as native definitions have it.
    package var checksContextFirst: Bool { false }

    /// Contexts are read as they are.
    package var contextShape: ContextShape? { nil }

    /// The name as it is.
    package func flagKey(requested name: String) -> String? { name }

    /// Burgee's context JSON (``Context/init(json:)``).
    package func context(json: JSONValue) -> Context { Context(json: json) }

    /// The mapping of docs/openfeature.md (``OpenFeatureContext/context(_:)``).
    package func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        try OpenFeatureContext.context(members)
    }

    /// The context as read.
    package func prepared(_ context: Context, flag key: String, in snapshot: Snapshot) -> Context { context }

    /// The system's clock.
    package var commandLineNow: Timestamp? { nil }

    /// None.
    package func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult? {
        nil
    }
}
