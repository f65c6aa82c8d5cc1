import BurgeeCore

/// Split's definitions (the body of `/splitChanges` with `segments`), served whole and as they
/// stand at `GET /definitions`, for Burgee's polling; OFREP evaluates their flags.
enum SplitServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .split }

    static var clientPath: String { "/definitions" }

    static let routes: [ServedRoute] = [.get("/definitions", .definitions)]

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        try ParsedDefinitions(whole: json, as: self)
    }
}
