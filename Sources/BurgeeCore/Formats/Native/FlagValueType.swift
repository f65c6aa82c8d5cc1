/// The declared type of a flag's values.
package enum FlagValueType: String, Sendable, Hashable, CaseIterable {
    /// `true` or `false`.
    case boolean
    /// A string.
    case string
    /// Any JSON number.
    case number
    /// Any JSON value, `null` included.
    case json

    /// Whether `value` is of this type.
    package func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.json, _), (.boolean, .bool), (.string, .string), (.number, .number): return true
        default: return false
        }
    }
}
