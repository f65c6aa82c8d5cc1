import BurgeeServer

/// Small definitions documents for the tests.
enum Documents {
    /// A boolean flag whose fallthrough serves `on` or `off`.
    static func flag(on: Bool, version: Int? = nil, extra: String = "") -> String {
        let versionMember = version.map { #""version":\#($0),"# } ?? ""
        return #"{\#(versionMember)"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"fallthrough":{"variation":"\#(on ? "on" : "off")"}\#(extra)}"#
    }

    static func segment(included: [String]) -> String {
        #"{"included":[\#(included.map { "\"\($0)\"" }.joined(separator: ","))]}"#
    }

    /// A document with the given flags and segments (key → JSON text).
    static func document(version: Int? = nil, flags: [String: String] = [:], segments: [String: String] = [:]) -> String {
        let versionMember = version.map { #""version":\#($0),"# } ?? ""
        let flagMembers = flags.keys.sorted().map { #""\#($0)":\#(flags[$0]!)"# }.joined(separator: ",")
        let segmentMembers = segments.keys.sorted().map { #""\#($0)":\#(segments[$0]!)"# }.joined(separator: ",")
        return #"{"formatVersion":1,\#(versionMember)"flags":{\#(flagMembers)},"segments":{\#(segmentMembers)}}"#
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Parses JSON that a test expects to be valid.
    static func json(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONParser().parse(bytes)
    }

    static func json(_ text: String) throws -> JSONValue {
        try JSONParser().parse(Array(text.utf8))
    }
}
