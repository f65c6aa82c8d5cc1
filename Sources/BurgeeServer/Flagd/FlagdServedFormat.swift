import BurgeeCore

/// flagd's flag document, served whole and as it stands at `GET /definitions`: the URL flagd's
/// HTTP sync fetches, and Burgee's polling.
enum FlagdServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .flagd }
    /// flagd's evaluation context: `targetingKey` and the attributes beside it.
    static var exampleContext: JSONValue { ["targetingKey": "user-1", "country": "FR"] }
    /// `targetingKey`.
    static var contextKeyMember: String { "targetingKey" }

    /// flagd's HTTP sync fetches the URL it is given.
    static var clientPath: String { "/definitions" }

    static let routes: [ServedRoute] = [.get("/definitions", .definitions)]

    static var help: String {
        """
        With flagd definitions (--format flagd, or a flag document told by its shape) the server serves the \
        document as it is at GET /definitions (ETag, 304), for flagd's HTTP sync and Burgee's polling.
        """
    }

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        try ParsedDefinitions(whole: json, as: self)
    }
}
