import BurgeeCore

/// A definitions document as JSON trees per item, checked to be a usable document of its format.
///
/// Items stay as the file wrote them, so a malformed flag is served as it stands and the clients
/// report its problems themselves.
struct ParsedDefinitions: Sendable {
    var version: Int64
    var flags: [String: JSONValue]
    var segments: [String: JSONValue]
    /// A document served whole; `nil` for a document served by item.
    var wholeDocument: JSONValue?
    /// The whole document's bytes as the file wrote them, served as they are: a re-serialization
    /// would change what some SDKs read (`42.0` written `42` is an integer to Datadog's evaluator,
    /// which refuses `42.0` as an `INTEGER` value). `nil` for a document served by item.
    var wholeBytes: [UInt8]?
    /// The served format, which decides how the items are served.
    var servedFormat: any ServedFormat.Type

    /// `bytes` read as a document of `served`'s format.
    init(jsonBytes bytes: [UInt8], as served: any ServedFormat.Type) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch { throw .invalidJSON(error) }
        self = try served.parse(json)
        if wholeDocument == json { wholeBytes = bytes }
    }

    /// A document served by item.
    init(flags: [String: JSONValue], segments: [String: JSONValue], version: Int64, as served: any ServedFormat.Type) {
        self.version = version
        self.flags = flags
        self.segments = segments
        servedFormat = served
        wholeDocument = nil
    }

    /// A document served whole, as it stands, once its format's reader found it usable.
    init(whole json: JSONValue, as served: any ServedFormat.Type) throws(DefinitionsError) {
        // The format's reader is the one authority on what makes a whole document unusable.
        let definitions = try Definitions(json: json, format: served.format)
        version = definitions.version
        flags = [:]
        segments = [:]
        wholeDocument = json
        servedFormat = served
    }
}
