import Hummingbird

/// A route a served format answers: a method on a path, on an item collection (the path and
/// one item below it, `path/{key}`), or on a template whose `{name}` segments match any one
/// non-empty segment (`/sdk/evalx/{envId}/context`).
struct ServedRoute: Sendable {
    /// How the route's path is compared with a request's.
    enum Shape: Sendable {
        case exact
        case collection
        case template
    }

    let method: HTTPRequest.Method
    let path: String
    let target: Route
    let shape: Shape

    /// `GET path`.
    static func get(_ path: String, _ endpoint: DefinitionsServer.Endpoint) -> ServedRoute {
        ServedRoute(method: .get, path: path, target: .endpoint(endpoint), shape: .exact)
    }

    /// `POST path`.
    static func post(_ path: String, _ endpoint: DefinitionsServer.Endpoint) -> ServedRoute {
        ServedRoute(method: .post, path: path, target: .endpoint(endpoint), shape: .exact)
    }

    /// `GET path` and `GET path/{key}` (or another method's).
    static func collection(_ path: String, _ endpoint: DefinitionsServer.Endpoint,
                           method: HTTPRequest.Method = .get) -> ServedRoute {
        ServedRoute(method: method, path: path, target: .endpoint(endpoint), shape: .collection)
    }

    /// A route to what the server itself answers.
    static func shared(_ method: HTTPRequest.Method, _ path: String, _ target: Route) -> ServedRoute {
        ServedRoute(method: method, path: path, target: target, shape: .exact)
    }

    /// `method template`, `{name}` segments matching any one non-empty segment.
    static func template(_ method: HTTPRequest.Method, _ template: String, _ endpoint: DefinitionsServer.Endpoint) -> ServedRoute {
        ServedRoute(method: method, path: template, target: .endpoint(endpoint), shape: .template)
    }

    /// Whether the route answers at `requestPath`, whatever the method.
    func matches(_ requestPath: String) -> Bool {
        switch shape {
        case .exact: requestPath == path
        case .collection: Self.isInCollection(requestPath, path)
        case .template: Self.matches(requestPath, template: path)
        }
    }

    /// Whether `path` has the template's segments, each `{name}` standing for a non-empty one.
    private static func matches(_ path: String, template: String) -> Bool {
        let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let expected = template.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard segments.count == expected.count else { return false }
        for (segment, pattern) in zip(segments, expected) {
            if pattern.first == UInt8(ascii: "{") && pattern.last == UInt8(ascii: "}") {
                guard !segment.isEmpty else { return false }
            } else if !segment.elementsEqual(pattern) {
                return false
            }
        }
        return true
    }

    /// Whether `path` is `collection` or one item below it, `collection/{key}`.
    private static func isInCollection(_ path: String, _ collection: String) -> Bool {
        guard path.hasPrefix(collection) else { return false }
        let rest = path.utf8.dropFirst(collection.utf8.count)
        guard let slash = rest.first else { return true }
        return slash == UInt8(ascii: "/") && rest.count > 1 && !rest.dropFirst().contains(UInt8(ascii: "/"))
    }
}
