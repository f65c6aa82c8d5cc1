import BurgeeCore

/// Burgee's own sync protocol (`docs/sync.md`): the document at `GET /definitions`, its changes
/// item by item on `GET /stream`, event batches at `POST /events`.
enum NativeServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .native }

    /// Clients take the full URLs of the endpoints, below the root.
    static var clientPath: String { "" }

    static let routes: [ServedRoute] = [.get("/definitions", .definitions), .get("/stream", .stream), .post("/events", .events)]

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        let definitions = try Definitions(json: json, format: .native)
        let members = json.objectValue ?? [:]
        return ParsedDefinitions(flags: members["flags"]?.objectValue ?? [:], segments: members["segments"]?.objectValue ?? [:],
                                 version: definitions.version, as: self)
    }

    static func routeLines(at clientURL: String) -> [String] {
        ["Burgee: GET \(clientURL)/definitions (polling), GET \(clientURL)/stream (streaming), POST \(clientURL)/events"]
    }
}
