import BurgeeCore
import Yams

/// Definitions written in YAML (flagd's flag files are often kept so, in git or a Kubernetes
/// ConfigMap), read into the JSON they stand for.
///
/// The YAML 1.2 core schema decides what a plain scalar is: `true`/`false` (and their `True`,
/// `TRUE` spellings) are booleans, `null`, `~` and nothing are null, decimal, `0o` octal and `0x`
/// hexadecimal integers and decimal floats are numbers; everything else, and every quoted scalar,
/// is a string. So `on`, `yes` and `off` stay strings, as flagd's variant names need. Mapping keys
/// are always strings (their text); a key given twice is an error, as are `.inf` and `.nan` (JSON
/// has no such numbers). Anchors and aliases are expanded, and merge keys (`<<`) merge, within a
/// budget (the JSON at most 64 times the YAML's size, or 1 MiB) that stops an alias bomb at once. A stream of several
/// documents is refused: only the first would be read.
package enum YAMLDefinitions {
    /// The JSON of a YAML document.
    package static func json(from bytes: [UInt8], limits: JSONLimits) throws(DefinitionsError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw .invalidYAML("the document has \(bytes.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var roots: [Node] = []
        do {
            // The basic resolver tags nothing: plain scalars are resolved below, by YAML 1.2's rules.
            var documents = try Yams.compose_all(yaml: text, .basic)
            while roots.count < 2, let root = documents.next() { roots.append(root) }
            // The sequence ends, rather than throws, at a parse error; the error is kept in it.
            if let error = documents.error { throw error }
        } catch {
            throw .invalidYAML("\(error)")
        }
        guard let root = roots.first else { throw .invalidYAML("the document is empty") }
        guard roots.count == 1 else { throw .invalidYAML("the text holds more than one YAML document") }
        // Aliases let a few bytes of YAML stand for a vast JSON tree: the JSON may grow to 64 times
        // the YAML (at least 1 MiB), and never past the byte limit.
        let budget = min(limits.maxBytes, max(bytes.count * 64, 1 << 20))
        var converter = Converter(limits: limits, budget: budget)
        return try converter.value(of: root, depth: 0)
    }

    private struct Converter {
        let limits: JSONLimits
        let budget: Int
        /// What the JSON has grown to: a unit per value and one per byte of text. Aliases share
        /// nodes in YAML's tree, so the JSON can be far larger than the YAML; this bounds it.
        var size = 0

        init(limits: JSONLimits, budget: Int) {
            self.limits = limits
            self.budget = budget
        }

        mutating func grow(by units: Int) throws(DefinitionsError) {
            size += units
            if size > budget {
                throw .invalidYAML("the document expands (through its aliases) to more than \(budget) bytes of JSON")
            }
        }

        mutating func value(of node: Node, depth: Int) throws(DefinitionsError) -> JSONValue {
            guard depth < limits.maxDepth else {
                throw .invalidYAML("the document nests deeper than \(limits.maxDepth) levels")
            }
            try grow(by: 1)
            switch node {
            case .scalar(let scalar):
                try grow(by: scalar.string.utf8.count)
                return try Self.resolve(scalar)
            case .sequence(let sequence):
                var items: [JSONValue] = []
                for item in sequence { items.append(try value(of: item, depth: depth + 1)) }
                return .array(items)
            case .mapping(let mapping):
                return .object(try members(of: mapping, depth: depth))
            case .alias:
                // The parser replaces aliases by the nodes they name; one left here names nothing.
                throw .invalidYAML("an alias names no anchor")
            }
        }

        mutating func members(of mapping: Node.Mapping, depth: Int) throws(DefinitionsError) -> [String: JSONValue] {
            var result: [String: JSONValue] = [:]
            var merged: [String: JSONValue] = [:]
            for (key, item) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw .invalidYAML("a mapping key is a \(Self.kind(of: key)), not text\(Self.line(of: key))")
                }
                if keyScalar.style == .plain, keyScalar.string == "<<" {
                    // A merge key: the named mapping's (or mappings') members, unless given here.
                    for source in Self.mergeSources(item) {
                        guard case .mapping(let sourceMapping) = source else {
                            throw .invalidYAML("a merge key (<<) names a \(Self.kind(of: source)), not a mapping\(Self.line(of: key))")
                        }
                        for (name, value) in try members(of: sourceMapping, depth: depth) where merged[name] == nil {
                            merged[name] = value
                        }
                    }
                    continue
                }
                let name = keyScalar.string
                guard result[name] == nil else {
                    throw .invalidYAML("the key \"\(name)\" is given twice\(Self.line(of: key))")
                }
                try grow(by: name.utf8.count)
                result[name] = try value(of: item, depth: depth + 1)
            }
            for (name, value) in merged where result[name] == nil { result[name] = value }
            return result
        }

        static func mergeSources(_ node: Node) -> [Node] {
            if case .sequence(let sequence) = node { return Array(sequence) }
            return [node]
        }

        /// A scalar by YAML 1.2's core schema (plain scalars) or as a string (quoted, block).
        static func resolve(_ scalar: Node.Scalar) throws(DefinitionsError) -> JSONValue {
            let text = scalar.string
            switch scalar.tag.rawValue {
            case Tag.Name.str.rawValue: return .string(text)
            case Tag.Name.null.rawValue: return .null
            default: break
            }
            guard scalar.style == .plain else { return .string(text) }
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
                throw .invalidYAML("\(text) is not a number JSON can hold\(line(of: .scalar(scalar)))")
            default:
                return number(text).map(JSONValue.number) ?? .string(text)
            }
        }

        /// A YAML 1.2 core integer or float, or `nil`.
        static func number(_ text: String) -> Double? {
            let utf8 = Array(text.utf8)
            guard let first = utf8.first else { return nil }
            if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
                if utf8[1] == UInt8(ascii: "x"), let n = UInt64(String(decoding: utf8[2...], as: UTF8.self), radix: 16) {
                    return Double(n)
                }
                if utf8[1] == UInt8(ascii: "o"), let n = UInt64(String(decoding: utf8[2...], as: UTF8.self), radix: 8) {
                    return Double(n)
                }
            }
            // Decimal: [-+]? digits [. digits*]? ([eE][-+]?digits)?, or [-+]? . digits …
            let isNumberStart = first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
            guard isNumberStart else { return nil }
            var digits = 0
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
                case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
                default: return nil
                }
            }
            guard digits > 0 else { return nil }
            let body = first == UInt8(ascii: "+") ? String(decoding: utf8.dropFirst(), as: UTF8.self) : text
            guard let value = Double(body), value.isFinite else { return nil }
            return value
        }

        static func kind(of node: Node) -> String {
            switch node {
            case .scalar: "scalar"
            case .mapping: "mapping"
            case .sequence: "sequence"
            case .alias: "alias"
            }
        }

        static func line(of node: Node) -> String {
            node.mark.map { " (line \($0.line), column \($0.column))" } ?? ""
        }
    }
}
