import Hummingbird

/// A route a served format answers: a method on a path, or on an item collection (the path and
/// one item below it, `path/{key}`).
struct ServedRoute: Sendable {
    let method: HTTPRequest.Method
    let path: String
    let target: Route
    let isCollection: Bool

    /// `GET path`.
    static func get(_ path: String, _ endpoint: DefinitionsServer.Endpoint) -> ServedRoute {
        ServedRoute(method: .get, path: path, target: .endpoint(endpoint), isCollection: false)
    }

    /// `POST path`.
    static func post(_ path: String, _ endpoint: DefinitionsServer.Endpoint) -> ServedRoute {
        ServedRoute(method: .post, path: path, target: .endpoint(endpoint), isCollection: false)
    }

    /// `GET path` and `GET path/{key}` (or another method's).
    static func collection(_ path: String, _ endpoint: DefinitionsServer.Endpoint,
                           method: HTTPRequest.Method = .get) -> ServedRoute {
        ServedRoute(method: method, path: path, target: .endpoint(endpoint), isCollection: true)
    }

    /// A route to what the server itself answers.
    static func shared(_ method: HTTPRequest.Method, _ path: String, _ target: Route) -> ServedRoute {
        ServedRoute(method: method, path: path, target: target, isCollection: false)
    }

    /// Whether the route answers at `requestPath`, whatever the method.
    func matches(_ requestPath: String) -> Bool {
        isCollection ? Self.isInCollection(requestPath, path) : requestPath == path
    }

    /// Whether `path` is `collection` or one item below it, `collection/{key}`.
    private static func isInCollection(_ path: String, _ collection: String) -> Bool {
        guard path.hasPrefix(collection) else { return false }
        let rest = path.utf8.dropFirst(collection.utf8.count)
        guard let slash = rest.first else { return true }
        return slash == UInt8(ascii: "/") && rest.count > 1 && !rest.dropFirst().contains(UInt8(ascii: "/"))
    }
}
