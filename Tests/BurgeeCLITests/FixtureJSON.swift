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

    /// The text of a member of the top-level object in `data`, as written: a number keeps its form
    /// (`3.0` stays `3.0`, `9223372036854775807` stays exact), which a `JSONSerialization` round trip
    /// would not keep. `nil` when there is no such member.
    static func memberText(_ name: String, in data: Data) -> String? {
        let bytes = [UInt8](data)
        var i = 0, depth = 0
        var key: String? = nil
        func skipString() -> String {
            let start = i + 1
            i += 1
            while bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            i += 1
            return String(decoding: bytes[start..<(i - 1)], as: UTF8.self)
        }
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                let text = skipString()
                if depth == 1, key == nil { key = text }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): if depth == 1 { key = nil }
            case UInt8(ascii: ":") where depth == 1 && key == name:
                // The value runs to the next `,` or `}` at this depth.
                let start = i + 1
                var inner = 0
                i += 1
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: "\""): _ = skipString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): inner += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        if inner == 0 { return String(decoding: bytes[start..<i], as: UTF8.self) }
                        inner -= 1
                    case UInt8(ascii: ","):
                        if inner == 0 { return String(decoding: bytes[start..<i], as: UTF8.self) }
                    default: break
                    }
                    i += 1
                }
                return nil
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The texts of the elements of the array that is member `name` of the top-level object in
    /// `data`, as written (see ``memberText(_:in:)``); `nil` when there is no such array.
    static func elementTexts(of name: String, in data: Data) -> [String]? {
        guard let text = memberText(name, in: data) else { return nil }
        let bytes = [UInt8](text.utf8)
        var elements: [String] = []
        var i = 0, depth = 0, start = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 { start = i + 1 }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 1 { elements.append(String(decoding: bytes[start..<i], as: UTF8.self)) }
                depth -= 1
            case UInt8(ascii: ",") where depth == 1:
                elements.append(String(decoding: bytes[start..<i], as: UTF8.self))
                start = i + 1
            default: break
            }
            i += 1
        }
        return elements.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    static func parse(_ text: String) throws -> FixtureJSON { try JSONDecoder().decode(FixtureJSON.self, from: Data(text.utf8)) }

    subscript(_ key: String) -> FixtureJSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
}
