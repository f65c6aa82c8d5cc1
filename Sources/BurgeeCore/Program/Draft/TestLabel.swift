/// How `explain` shows a test: built only when an explanation asks for it, so that compiling
/// definitions does not write out every clause's values.
package struct TestLabel: Sendable {
    private let make: @Sendable () -> String

    /// A label built when first shown.
    package init(_ make: @escaping @Sendable () -> String) {
        self.make = make
    }

    /// A fixed label.
    package init(text: String) {
        make = { text }
    }

    /// The label's text.
    package var text: String { make() }
}
