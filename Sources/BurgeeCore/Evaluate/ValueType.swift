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

extension ValueType {
    /// The type a request names: Burgee's names, OpenFeature's (`integer`, `float`, `object`), and
    /// the upper-case names vendors' documents declare (`BOOLEAN`, `STRING`, `INTEGER`,
    /// `NUMERIC`, `JSON`); `nil` for anything else.
    package init?(requestName name: String) {
        if let type = ValueType(rawValue: name) {
            self = type
            return
        }
        switch name {
        case "BOOLEAN": self = .boolean
        case "STRING": self = .string
        case "integer", "INTEGER": self = .int
        case "float", "NUMERIC": self = .double
        case "object", "JSON": self = .json
        default: return nil
        }
    }
}
