import BurgeeCore

/// Definitions as a data source delivers them: JSON bytes of any supported format, or definitions
/// already read.
public struct DefinitionsPayload: Sendable {
    enum Storage: Sendable {
        case json([UInt8], DefinitionsFormat?)
        case yaml([UInt8], DefinitionsFormat?)
        case parsed(JSONValue, DefinitionsFormat?)
        case definitions(Definitions)
    }

    let storage: Storage

    /// Definitions as JSON bytes, of `format` or (`nil`) of the format their shape shows; parsed
    /// off the evaluation path, kept verbatim for the cache.
    public static func json(_ bytes: [UInt8], format: DefinitionsFormat? = nil) -> DefinitionsPayload {
        DefinitionsPayload(storage: .json(bytes, format))
    }

    /// Definitions as JSON text, of `format` or of the format their shape shows.
    public static func json(_ text: String, format: DefinitionsFormat? = nil) -> DefinitionsPayload {
        .json(Array(text.utf8), format: format)
    }

    /// Definitions as YAML bytes (read by YAML 1.2's core schema into the JSON they stand for,
    /// see docs/sdk.md), of `format` or of the format their shape shows. The cache keeps the JSON.
    public static func yaml(_ bytes: [UInt8], format: DefinitionsFormat? = nil) -> DefinitionsPayload {
        DefinitionsPayload(storage: .yaml(bytes, format))
    }

    /// A native document already read.
    package static func document(_ document: DefinitionsDocument) -> DefinitionsPayload {
        DefinitionsPayload(storage: .definitions(Definitions(document)))
    }

    /// Definitions as JSON already parsed (documents a source merged), of `format` or (`nil`) of
    /// the format their shape shows; read as JSON bytes are.
    package static func parsedJSON(_ json: JSONValue, format: DefinitionsFormat? = nil) -> DefinitionsPayload {
        DefinitionsPayload(storage: .parsed(json, format))
    }

    /// Definitions already read, of any format.
    package static func definitions(_ definitions: Definitions) -> DefinitionsPayload {
        DefinitionsPayload(storage: .definitions(definitions))
    }

    /// Reads the definitions, and the bytes to cache.
    func read(limits: JSONLimits) throws(DefinitionsError) -> (definitions: CurrentDefinitions, bytes: [UInt8]) {
        try parse(limits: limits).read()
    }

    /// Parses the JSON or YAML, without reading it as definitions yet.
    func parse(limits: JSONLimits) throws(DefinitionsError) -> ParsedPayload {
        switch storage {
        case .json(let bytes, let format):
            let json: JSONValue
            do { json = try JSONParser(limits: limits).parse(bytes) } catch { throw .invalidJSON(error) }
            return ParsedPayload(storage: .json(json, format: format, bytes: bytes))
        case .yaml(let bytes, let format):
            let json = try YAMLDefinitions.json(from: bytes, limits: limits)
            return ParsedPayload(storage: .json(json, format: format, bytes: nil))
        case .parsed(let json, let format):
            return ParsedPayload(storage: .json(json, format: format, bytes: nil))
        case .definitions(let definitions):
            return ParsedPayload(storage: .definitions(definitions))
        }
    }
}

/// A payload parsed: JSON to read as definitions, or definitions already read.
struct ParsedPayload {
    enum Storage {
        /// `bytes`, when given, are what the cache keeps; else the JSON serialized.
        case json(JSONValue, format: DefinitionsFormat?, bytes: [UInt8]?)
        case definitions(Definitions)
    }

    let storage: Storage

    /// Reads the definitions, and the bytes to cache.
    func read() throws(DefinitionsError) -> (definitions: CurrentDefinitions, bytes: [UInt8]) {
        switch storage {
        case .json(let json, let format, _):
            return (try CurrentDefinitions(json: json, format: format), bytes)
        case .definitions(let definitions):
            // Definitions built in code carry no problems that re-serialising could hide.
            let held = CurrentDefinitions(definitions: definitions)
            return (held, Array(held.json.serialized().utf8))
        }
    }

    /// The bytes the cache keeps for the payload.
    var bytes: [UInt8] {
        switch storage {
        case .json(let json, _, let bytes): bytes ?? Array(json.serialized().utf8)
        case .definitions(let definitions): Array(CurrentDefinitions(definitions: definitions).json.serialized().utf8)
        }
    }
}
