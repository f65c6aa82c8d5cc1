/// Flag and segment definitions of any format Burgee evaluates, read and ready to compile into a
/// ``Snapshot``.
///
/// Reading checks the document's shape and format; problems inside single flags or segments do
/// not fail it (they make only those items malformed, see ``Snapshot/problems``).
///
/// ```swift
/// let definitions = try Definitions(jsonBytes: bytes, format: nil)   // detect the format
/// let snapshot = Snapshot(compiling: definitions)
/// ```
public struct Definitions: Sendable {
    /// The document, as its format's dialect read it.
    package let model: any ReadDefinitions

    /// Definitions of a document already read by its dialect.
    init(model: any ReadDefinitions) {
        self.model = model
    }

    /// Reads parsed JSON of the given format, or of the format detected when `format` is `nil`.
    ///
    /// - Throws: the errors of `DefinitionsReader/format(of:given:)`;
    ///   the format's own errors for a document of the wrong shape.
    public init(json: JSONValue, format: DefinitionsFormat?) throws(DefinitionsError) {
        let resolved = try DefinitionsReader.format(of: json, given: format)
        model = try FormatRegistry.dialect(of: resolved).readDefinitions(json)
    }

    /// Parses JSON bytes once, then reads them as ``init(json:format:)`` does.
    ///
    /// - Throws: ``DefinitionsError/invalidJSON(_:)`` for bytes that are not JSON (or exceed
    ///   `limits`), else the errors of ``init(json:format:)``.
    public init(jsonBytes bytes: [UInt8], format: DefinitionsFormat?,
                limits: JSONLimits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(bytes) } catch { throw .invalidJSON(error) }
        try self.init(json: json, format: format)
    }

    /// Several parsed documents of `format`, read as one as the format's own tools merge them
    /// (see ``ReadingDialect/merge(_:)``); `nil` when the format does not merge documents.
    ///
    /// - Throws: the format's errors for a document that is not of it.
    package init?(merging documents: [JSONValue], format: DefinitionsFormat) throws(DefinitionsError) {
        let dialect = FormatRegistry.reading(of: format)
        guard dialect.mergesDocuments else { return nil }
        try self.init(json: dialect.merge(documents), format: format)
    }

    /// The format the definitions are in.
    public var format: DefinitionsFormat { model.format }

    /// The definitions' version: a native document's `version`, or the format's own document
    /// version; 0 for formats without one.
    public var version: Int64 { model.version }

    /// The definitions ready to patch item by item; `nil` for a format whose documents change
    /// only whole.
    package var patchable: (any PatchableDefinitions)? { model.patchable }

    /// The flag and segment objects as they arrived, for a format whose documents change one
    /// item at a time; `nil` for others.
    package var items: DocumentItems? { model.items }

    /// The definitions as JSON of their own format, as a cache stores them: JSON whose format
    /// is told from its shape when read back.
    public var json: JSONValue { model.cachedJSON }

    /// Problems of the document itself, which belong to no flag or segment (an unreadable event
    /// of a delta document, for one); ``Snapshot/problems`` has the others.
    package var documentProblems: [DefinitionProblem] { model.documentProblems }
}
