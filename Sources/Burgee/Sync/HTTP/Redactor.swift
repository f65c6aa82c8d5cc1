/// Removes the SDK key from text bound for logs and error descriptions.
package struct Redactor: Sendable {
    /// What the key is replaced with.
    package static let placeholder = "[redacted]"

    private let key: SDKKey?

    package init(key: SDKKey?) {
        self.key = key
    }

    /// `text` with every occurrence of the key replaced.
    package func callAsFunction(_ text: String) -> String {
        guard let key, text.contains(key.value) else { return text }
        return text.replacing(key.value, with: Self.placeholder)
    }
}
