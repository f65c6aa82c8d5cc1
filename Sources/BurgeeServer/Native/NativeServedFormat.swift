import BurgeeCore

/// Burgee's own sync protocol (`docs/sync.md`): the document at `GET /definitions`, its changes
/// item by item on `GET /stream`, event batches at `POST /events`.
enum NativeServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .native }

    /// Clients take the full URLs of the endpoints, below the root.
    static var clientPath: String { "" }

    static let routes: [ServedRoute] = [.get("/definitions", .definitions), .get("/stream", .stream), .post("/events", .events)]

    static var help: String {
        """
        With native Burgee definitions (--format native, or a document told by its shape) GET /definitions \
        answers with the document and a strong ETag (304 for If-None-Match), GET /stream sends Server-Sent \
        Events (put, then patch and delete as the file changes), and POST /events stores event bodies in \
        memory: GET /events lists the most recent 10,000 as a JSON array of batches, GET /events/stats \
        counts them all.
        """
    }

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
