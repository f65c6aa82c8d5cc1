import BurgeeCore

/// A definitions document as JSON trees per item, checked to be a usable native v1 document.
///
/// Items stay as the file wrote them, so a malformed flag is served as it stands and the clients
/// report its problems themselves.
struct ParsedDefinitions: Sendable {
    var version: Int64
    var flags: [String: JSONValue]
    var segments: [String: JSONValue]

    init(jsonBytes bytes: [UInt8]) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch { throw .invalidJSON(error) }
        // The model reader is the one authority on what makes a whole document unusable.
        let document = try DefinitionsDocument(json: json)
        let members = json.objectValue ?? [:]
        version = document.version
        flags = members["flags"]?.objectValue ?? [:]
        segments = members["segments"]?.objectValue ?? [:]
    }
}
