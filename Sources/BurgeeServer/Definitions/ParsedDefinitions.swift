import BurgeeCore

/// A definitions document as JSON trees per item, checked to be a usable document of its format.
///
/// Items stay as the file wrote them, so a malformed flag is served as it stands and the clients
/// report its problems themselves.
struct ParsedDefinitions: Sendable {
    var version: Int64
    var flags: [String: JSONValue]
    var segments: [String: JSONValue]
    /// A document served whole (Unleash features, flagd flags); `nil` for native and LaunchDarkly
    /// definitions, served by item.
    var wholeDocument: JSONValue?
    /// The format, which decides how the items are served.
    var format: DefinitionsFormat

    init(jsonBytes bytes: [UInt8], format: DefinitionsFormat = .native) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch { throw .invalidJSON(error) }
        self.format = format
        if format == .launchDarkly {
            // LaunchDarkly documents carry no version: the served versions start at 0.
            (flags, segments) = try LaunchDarklyFile.items(of: json)
            version = 0
            wholeDocument = nil
            return
        }
        // The format's reader is the one authority on what makes a whole document unusable.
        let definitions = try Definitions(json: json, format: format)
        let members = json.objectValue ?? [:]
        version = definitions.version
        if format == .unleash || format == .flagd {
            flags = [:]
            segments = [:]
            wholeDocument = json
        } else {
            flags = members["flags"]?.objectValue ?? [:]
            segments = members["segments"]?.objectValue ?? [:]
            wholeDocument = nil
        }
    }
}
