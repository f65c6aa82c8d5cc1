/// The type a caller asks for; a served value of another type yields `ERROR/WRONG_TYPE`.
public enum ValueType: String, Sendable, Hashable, CaseIterable {
    /// `true` or `false`.
    case boolean
    /// A string.
    case string
    /// An integral number within the signed 64-bit range.
    case int
    /// Any number.
    case double
    /// Any JSON value, `null` included.
    case json

    /// Whether `value` is of this type.
    @inlinable
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.json, _), (.boolean, .bool), (.string, .string), (.double, .number): return true
        case (.int, .number(let n)): return JSONValue.exactInt64(n) != nil
        default: return false
        }
    }
}
