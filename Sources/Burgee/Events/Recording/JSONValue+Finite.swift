import BurgeeCore

extension JSONValue {
    /// Whether every number inside is finite (JSON has no NaN or infinity).
    var isFinite: Bool {
        switch self {
        case .number(let n): n.doubleValue.isFinite
        case .array(let items): items.allSatisfy(\.isFinite)
        case .object(let members): members.values.allSatisfy(\.isFinite)
        case .string, .bool, .null: true
        }
    }
}
