extension Definitions {
    /// Definitions of Burgee's own format.
    package init(_ document: DefinitionsDocument) {
        model = ReadDocument(dialect: NativeDialect(), model: document, json: .null)
    }

    /// The native document; `nil` for another format.
    package var document: DefinitionsDocument? { model.document as? DefinitionsDocument }
}
