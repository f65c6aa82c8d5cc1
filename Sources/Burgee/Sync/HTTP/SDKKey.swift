/// The SDK key, kept out of descriptions, debug output and reflection (`print`, `dump`), so that
/// logging a configuration or a source cannot leak it.
package struct SDKKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key itself, for the `Authorization` header only.
    package let value: String

    /// `nil` for no key or an empty one.
    package init?(_ value: String?) {
        guard let value, !value.isEmpty else { return nil }
        self.value = value
    }

    package var description: String { Redactor.placeholder }
    package var debugDescription: String { Redactor.placeholder }
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}
