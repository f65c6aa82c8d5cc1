import BurgeeCore

/// Definitions as a data source delivers them: JSON bytes, or a document already read.
public struct DefinitionsPayload: Sendable {
    enum Storage: Sendable {
        case json([UInt8])
        case document(DefinitionsDocument)
    }

    let storage: Storage

    /// A native v1 document as JSON bytes; parsed off the evaluation path, kept verbatim for the cache.
    public static func json(_ bytes: [UInt8]) -> DefinitionsPayload { DefinitionsPayload(storage: .json(bytes)) }

    /// A native v1 document as JSON text.
    public static func json(_ text: String) -> DefinitionsPayload { .json(Array(text.utf8)) }

    /// A document already read.
    public static func document(_ document: DefinitionsDocument) -> DefinitionsPayload {
        DefinitionsPayload(storage: .document(document))
    }

    /// Reads the definitions, and the bytes to cache.
    func read(limits: JSONParser.Limits) throws(DefinitionsError) -> (definitions: CurrentDefinitions, bytes: [UInt8]) {
        switch storage {
        case .json(let bytes):
            let json: JSONValue
            do { json = try JSONParser(limits: limits).parse(bytes) } catch { throw .invalidJSON(error) }
            return (try CurrentDefinitions(json: json), bytes)
        case .document(let document):
            // Documents built in code carry no problems that re-serialising could hide.
            return (CurrentDefinitions(document: document), Array(document.json.serialized().utf8))
        }
    }
}
