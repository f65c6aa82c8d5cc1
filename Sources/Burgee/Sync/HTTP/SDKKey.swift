/// The SDK key, kept out of descriptions, debug output and reflection (`print`, `dump`), so that
/// logging a configuration or a source cannot leak it.
struct SDKKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key itself, for the `Authorization` header only.
    let value: String

    /// `nil` for no key or an empty one.
    init?(_ value: String?) {
        guard let value, !value.isEmpty else { return nil }
        self.value = value
    }

    var description: String { Redactor.placeholder }
    var debugDescription: String { Redactor.placeholder }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
