/// How a format's snapshots read a context given through the neutral API when the format's rules
/// read contexts of a shape of their own (a subject with its targeting key and attributes, say).
///
/// A snapshot applies it to every context it evaluates, before anything else looks at the
/// context; it returns a context already of that shape unchanged, so a context the format's own
/// calls built costs one check.
package struct ContextShape: Sendable {
    /// The context in the shape the rules read.
    package let shape: @Sendable (Context) -> Context

    /// A shape applied by `shape`.
    package init(_ shape: @escaping @Sendable (Context) -> Context) {
        self.shape = shape
    }
}
