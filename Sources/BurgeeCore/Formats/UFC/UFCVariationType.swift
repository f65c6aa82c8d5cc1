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
    /// Datadog (serde's reading): for INTEGER a number written as an integer within 64 bits, exact
    /// (`1.0` and `1e2` are refused, as is `2^63`); for NUMERIC any number, held as a double; for
    /// JSON any value inline. Eppo reads numbers through a double: for INTEGER an integral one within
    /// the 64-bit range; JSON as a string holding JSON.
    package func value(_ value: JSONValue, _ vendor: UFCVendor) -> Result<JSONValue, UFCProblem> {
        switch (self, value) {
        case (.string, .string), (.boolean, .bool): return .success(value)
        case (.numeric, .number(let n)): return .success(.number(n.asDouble))
        case (.integer, .number(let n)) where vendor == .datadog && n.integerValue != nil: return .success(value)
        case (.integer, .number(let n)) where vendor == .eppo && n.doubleValue.rounded(.towardZero) == n.doubleValue
            && n.doubleValue.magnitude <= 0x1p63:
            // Read as a double, 2^63 - 1 (i64's largest, which Eppo serves) is 2^63: served as the
            // largest i64. Beyond, Eppo refuses the value as it does any that is not an i64.
            let d = n.doubleValue
            return .success(.number(d >= 0x1p63 ? Int64.max : Int64(d)))
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
