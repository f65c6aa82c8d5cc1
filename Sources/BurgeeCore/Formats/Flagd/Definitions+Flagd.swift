extension Definitions {
    /// flagd definitions from several documents, merged as flagd merges its sources: a flag of a
    /// later document replaces the flag of the same key, and keeps its own document's `$evaluators`
    /// and `metadata` (see docs/flagd.md). One document is read as it is.
    ///
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` naming the first document that is not a
    ///   flagd document (an object with a `flags` object), or whose shape shows another format.
    public init(flagdDocuments documents: [JSONValue]) throws(DefinitionsError) {
        try self.init(json: Self.flagdDocument(merging: documents), format: .flagd)
    }

    /// Several flagd documents merged into one, as ``init(flagdDocuments:)`` merges them, not yet
    /// read: a source that reads again on every change hands it over whole, and a client holding
    /// the same shared members replaces only the flags that differ.
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` as ``init(flagdDocuments:)`` does.
    package static func flagdDocument(merging documents: [JSONValue]) throws(DefinitionsError) -> JSONValue {
        try FlagdDialect().merge(documents)
    }
}
