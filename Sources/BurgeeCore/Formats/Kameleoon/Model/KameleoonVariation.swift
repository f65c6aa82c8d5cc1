/// One variation of a Kameleoon feature flag: its key, its name and its variables.
package struct KameleoonVariation: Sendable, Equatable {
    package var key: String
    package var name: String
    package var variables: [KameleoonVariable]

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let o = try r.object(json)
        key = o["key"]?.stringValue ?? ""
        name = o["name"]?.stringValue ?? ""
        variables = []
        if let list = o["variables"], !list.isNull {
            for (i, item) in try r.at("variables").array(list).enumerated() {
                variables.append(try KameleoonVariable(json: item, r.at("variables").at(i)))
            }
        }
    }
}

/// A variable of a variation: `BOOLEAN`, `NUMBER`, `STRING`, `JSON` (a JSON text, parsed when
/// read), `JS` or `CSS`.
package struct KameleoonVariable: Sendable, Equatable {
    package var key: String
    package var type: String
    /// As written (`false` when absent, as Kameleoon's SDKs default it).
    package var raw: JSONValue

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let o = try r.object(json)
        key = o["key"]?.stringValue ?? ""
        type = o["type"]?.stringValue ?? ""
        raw = o["value"] ?? .bool(false)
    }

    /// The value as Kameleoon's SDKs hand it out: JSON text parsed, `nil` for an unknown type or
    /// JSON text that does not parse.
    package var value: JSONValue? {
        switch type {
        case "BOOLEAN", "NUMBER", "STRING", "CSS", "JS":
            return raw
        case "JSON":
            guard case .string(let text) = raw else { return nil }
            return try? JSONValue(parsing: text)
        default:
            return nil
        }
    }
}
