import BurgeeCore
import Hummingbird

/// Where a request goes, decided by its path and method alone.
enum Route: Sendable {
    case endpoint(DefinitionsServer.Endpoint)
    case eventStats
    case receivedEvents
    case status
    case methodNotAllowed(allowed: String)
    case notFound

    /// The routes every server answers after its format's own: what it recorded.
    private static let recordRoutes: [ServedRoute] = [
        .shared(.get, "/events", .receivedEvents),
        .shared(.get, "/events/stats", .eventStats),
    ]

    /// The route of a request to a server of `served`: with `ofrep`, OFREP's paths first; then
    /// `GET /status`; then the format's own routes (``ServedFormat/routes``) and `GET /events` and
    /// `GET /events/stats`, which list and count what the server recorded. A path that a route
    /// answers with another method is answered 405 with the methods allowed.
    init(method: HTTPRequest.Method, path: String, served: any ServedFormat.Type, ofrep: Bool = false) {
        let flags = DefinitionsResponder.ofrepFlagsPath
        if ofrep, path == flags {
            self = Self.allowing(.post, .endpoint(.ofrepBulk), for: method)
        } else if ofrep, path.hasPrefix(flags + "/"), path.utf8.count > flags.utf8.count + 1 {
            self = Self.allowing(.post, .endpoint(.ofrepEvaluate), for: method)
        } else if path == "/status" {
            self = Self.allowing(.get, .status, for: method)
        } else {
            let candidates = (served.routes + Self.recordRoutes).filter { $0.matches(path) }
            if let route = candidates.first(where: { $0.method == method }) {
                self = route.target
            } else if candidates.isEmpty {
                self = .notFound
            } else {
                let allowed = Set(candidates.map(\.method.rawValue)).sorted()
                self = .methodNotAllowed(allowed: allowed.joined(separator: ", "))
            }
        }
    }

    private static func allowing(_ allowed: HTTPRequest.Method, _ target: Route, for method: HTTPRequest.Method) -> Route {
        method == allowed ? target : .methodNotAllowed(allowed: allowed.rawValue)
    }
}
