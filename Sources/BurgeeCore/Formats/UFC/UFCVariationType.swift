/// A UFC flag's `variationType`: the type of every value the flag serves.
package enum UFCVariationType: String, Sendable, CaseIterable {
    case string = "STRING"
    case integer = "INTEGER"
    case numeric = "NUMERIC"
    case boolean = "BOOLEAN"
    case json = "JSON"

    /// The type a typed request asks for that matches this one exactly (INTEGER is not NUMERIC).
    package var valueType: ValueType {
        switch self {
        case .string: .string
        case .integer: .int
        case .numeric: .double
        case .boolean: .boolean
        case .json: .json
        }
    }

    /// `value` as a value of this type in `vendor`'s reading, or why it is not one.
    ///
    /// Datadog: a JSON integer for INTEGER (any integral number here: a parsed number keeps no
    /// trace of `1.0`), any JSON value inline for JSON. Eppo: an integral number for INTEGER, read
    /// through a double, within the 64-bit range; JSON as a string holding JSON.
    package func value(_ value: JSONValue, _ vendor: UFCVendor) -> Result<JSONValue, UFCProblem> {
        switch (self, value) {
        case (.string, .string), (.boolean, .bool), (.numeric, .number): return .success(value)
        case (.integer, .number(let n)) where JSONValue.exactInt64(n) != nil: return .success(value)
        case (.integer, .number(let n)) where vendor == .eppo && n.rounded(.towardZero) == n && n.magnitude <= 0x1p63:
            // Read as a double, 2^63 - 1 (i64's largest, which Eppo serves) is 2^63: served as the
            // largest i64. Beyond, Eppo refuses the value as it does any that is not an i64.
            return .success(.number(Swift.min(n, 9_223_372_036_854_775_807.0)))
        case (.json, .string(let text)) where vendor == .eppo:
            guard let parsed = try? JSONParser().parse(Array(text.utf8)) else {
                return .failure(UFCProblem("the JSON value \(value.serialized()) is not JSON text"))
            }
            return .success(parsed)
        case (.json, _) where vendor == .datadog: return .success(value)
        default:
            return .failure(UFCProblem("\(value.serialized()) is not a \(rawValue) value"))
        }
    }
}

/// Why part of a UFC flag cannot be read.
package struct UFCProblem: Error, Sendable, Equatable {
    package var message: String
    package var path: JSONPointer
    /// Whether Datadog finds it only after it has read the flag and checked `enabled` (a value or a
    /// split's variation it cannot use), so that a disabled flag with it is still disabled.
    package var foundAfterEnabled: Bool

    package init(_ message: String, at path: JSONPointer = .root, foundAfterEnabled: Bool = false) {
        self.message = message
        self.path = path
        self.foundAfterEnabled = foundAfterEnabled
    }
}
