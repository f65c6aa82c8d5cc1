/// Compiles a native `DefinitionsDocument` into an immutable ``Snapshot``.
///
/// Every problem is collected with its path. A flag or segment with an error is kept as malformed
/// while the rest of the document compiles; only a document that cannot be read at all is refused
/// (by `DefinitionsDocument`).
package enum DefinitionsCompiler {
    /// Prerequisite chains longer than this make the flag at their head malformed, so that
    /// evaluation recursion stays shallow on any thread.
    package static let maxPrerequisiteDepth = ProgramLinker.maxPrerequisiteDepth
    /// Segments may match segments; nesting deeper than this makes the outer segment malformed.
    package static let maxSegmentDepth = ProgramLinker.maxSegmentDepth

    /// Compiles `document`.
    package static func compile(_ document: DefinitionsDocument) -> Snapshot {
        Snapshot(compiling: document)
    }
}
