/// How a format's snapshots read a context given through the neutral API when the format's rules
/// read contexts of a shape of their own (a subject with its targeting key and attributes, say).
///
/// A snapshot applies it to every context it evaluates, before anything else looks at the
/// context, unless the context carries the shape's ``Mark``: a context the format's own calls
/// built in that shape is marked when it is built, so it costs a byte's comparison.
package struct ContextShape: Sendable {
    /// Names a shape. A context built in a shape carries its mark (``Context/shapeMark``).
    package struct Mark: Equatable, Sendable {
        /// The number naming the shape; 0 is ``none``.
        package let rawValue: UInt8

        /// A mark naming a shape; each shape's own number.
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// No shape: a context built with the neutral API.
        package static let none = Mark(rawValue: 0)
    }

    /// The mark of the contexts this shape returns.
    package let mark: Mark
    /// The context in the shape the rules read; applied only to contexts without ``mark``.
    package let shape: @Sendable (Context) -> Context

    /// A shape applied by `shape`, whose results carry `mark`.
    package init(mark: Mark, _ shape: @escaping @Sendable (Context) -> Context) {
        self.mark = mark
        self.shape = shape
    }
}
