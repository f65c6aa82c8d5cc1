/// How a format's documents become snapshots, and what a snapshot keeps of its format: the part
/// of a format's dialect that ``Definitions`` compiles with and ``Snapshot`` consults.
///
/// A format implements it once, in its `<Format>Dialect.swift`, as part of its
/// ``DefinitionsDialect``; a format whose documents change one item at a time refines it as an
/// ``ItemwiseDialect``. A ``Snapshot`` keeps what evaluation needs as plain values: none of this is
/// asked while evaluating.
package protocol CompilingDialect: Sendable {
    /// A read document of this format.
    associatedtype Document: Sendable

    /// Lowers and links the document into a snapshot, with only the flags of `flagSets` when
    /// given (see ``Snapshot/init(compiling:flagSets:options:)``); the snapshot's source items
    /// and dependencies are what change detection compares.
    func compile(_ document: Document, flagSets: Set<String>?, options: CompileOptions) -> Snapshot

    /// The document ready to patch item by item, for a format whose documents change one item at
    /// a time (an ``ItemwiseDialect``); `nil` for a format whose documents change only whole.
    func patchable(_ document: Document) -> (any PatchableDefinitions)?

    /// Whether an invalid context is reported before an unknown flag.
    var checksContextFirst: Bool { get }

    /// How the format's snapshots read a context built with the neutral API, when its rules read
    /// contexts of a shape of their own; `nil` when they read every context as it is.
    var contextShape: ContextShape? { get }

    /// The key a request's flag name looks up, as the format's SDKs read the name (Split's trim
    /// it); `nil` for a name they refuse before evaluating (`ERROR/INVALID_CONTEXT`).
    func flagKey(requested name: String) -> String?
}

extension CompilingDialect {
    /// Documents change only whole.
    package func patchable(_ document: Document) -> (any PatchableDefinitions)? { nil }

    /// After the flag is looked up, as native definitions have it.
    package var checksContextFirst: Bool { false }

    /// Contexts are read as they are.
    package var contextShape: ContextShape? { nil }

    /// The name as it is.
    package func flagKey(requested name: String) -> String? { name }
}
