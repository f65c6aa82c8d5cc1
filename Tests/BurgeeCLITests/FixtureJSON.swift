import Foundation

/// A JSON value of a spec-fixtures case or a result line, compared as the suites' READMEs say:
/// numbers by value, booleans never equal to numbers, objects regardless of member order,
/// strings by Unicode scalars.
indirect enum FixtureJSON: Decodable, Equatable {
    case null, bool(Bool), number(Double), string([Unicode.Scalar]), array([FixtureJSON]), object([String: FixtureJSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(Array(s.unicodeScalars)) }
        else if let a = try? c.decode([FixtureJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: FixtureJSON].self)) }
    }

    /// Foundation JSON of a case's parts (objects from `JSONSerialization`), as text.
    static func text(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]), as: UTF8.self)
    }

    static func parse(_ text: String) throws -> FixtureJSON { try JSONDecoder().decode(FixtureJSON.self, from: Data(text.utf8)) }

    subscript(_ key: String) -> FixtureJSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
}
