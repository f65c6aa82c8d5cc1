/// A document read by its format's dialect, behind the existential ``Definitions`` holds.
package protocol ReadDefinitions: Sendable {
    /// The format the document was read as.
    var format: DefinitionsFormat { get }
    /// The document's version: 0 for a format without one.
    var version: Int64 { get }
    /// The document as its dialect's model has it.
    var document: any Sendable { get }
    /// The JSON a cache stores (see ``ReadingDialect/cachedJSON(of:read:)``).
    var cachedJSON: JSONValue { get }
    /// Problems of the document itself, which belong to no flag or segment.
    var documentProblems: [DefinitionProblem] { get }
    /// The compiled snapshot (see ``CompilingDialect/compile(_:flagSets:options:)``).
    func compile(flagSets: Set<String>?, options: CompileOptions) -> Snapshot
    /// The document's flag and segment objects as they arrived, when its format changes one item
    /// at a time (``ItemwiseDialect``); `nil` for a format whose documents change only whole.
    var items: DocumentItems? { get }
    /// The document ready to patch item by item (``CompilingDialect/patchable(_:)``); `nil` for a
    /// format whose documents change only whole.
    var patchable: (any PatchableDefinitions)? { get }
}

/// A document of `Dialect`'s format and the JSON it was read from.
struct ReadDocument<Dialect: ReadingDialect & CompilingDialect>: ReadDefinitions {
    let dialect: Dialect
    let model: Dialect.Document
    /// The JSON read; `.null` for a document built in code (whose dialect writes its own).
    let json: JSONValue

    var format: DefinitionsFormat { dialect.format }
    var version: Int64 { dialect.version(of: model) }
    var document: any Sendable { model }
    var cachedJSON: JSONValue { dialect.cachedJSON(of: model, read: json) }
    var documentProblems: [DefinitionProblem] { dialect.documentProblems(of: model) }

    func compile(flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        dialect.compile(model, flagSets: flagSets, options: options)
    }

    var items: DocumentItems? {
        (dialect as? any ItemwiseDialect)?.items(of: json.isNull ? cachedJSON : json)
    }

    var patchable: (any PatchableDefinitions)? { dialect.patchable(model) }
}

extension DefinitionsDialect {
    /// Reads `json` into a document behind the existential ``Definitions`` holds.
    func readDefinitions(_ json: JSONValue) throws(DefinitionsError) -> any ReadDefinitions {
        ReadDocument(dialect: self, model: try read(json), json: json)
    }
}
