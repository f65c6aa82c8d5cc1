extension Definitions {
    /// flagd definitions from several documents, merged as flagd merges its sources: a flag of a
    /// later document replaces the flag of the same key, and keeps its own document's `$evaluators`
    /// and `metadata` (see docs/flagd.md). One document is read as it is.
    ///
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` naming the first document that is not a
    ///   flagd document (an object with a `flags` object), or whose shape shows another format.
    public init(flagdDocuments documents: [JSONValue]) throws(DefinitionsError) {
        for (index, document) in documents.enumerated() {
            // A shape that says nothing (an empty `flags`) is taken as flagd's; one that says
            // another format is not merged in silently.
            if let format = try? DefinitionsFormat.detect(in: document), format != .flagd {
                throw .notOfFormat(.flagd, "document \(index + 1) has the shape of \(format.displayName) definitions")
            }
        }
        if documents.count == 1 {
            try self.init(json: documents[0], format: .flagd)
        } else {
            try self.init(json: FlagdMerge.json(merging: documents), format: .flagd)
        }
    }
}
