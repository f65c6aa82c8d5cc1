import Hummingbird

/// Where a request goes, decided by its path and method alone.
enum Route: Sendable {
    case endpoint(DefinitionsServer.Endpoint)
    case eventStats
    case methodNotAllowed(allowed: String)
    case notFound

    init(method: HTTPRequest.Method, path: String) {
        let (target, allowed): (Route, HTTPRequest.Method) = switch path {
        case "/definitions": (.endpoint(.definitions), .get)
        case "/stream": (.endpoint(.stream), .get)
        case "/events": (.endpoint(.events), .post)
        case "/events/stats": (.eventStats, .get)
        default: (.notFound, .get)
        }
        if case .notFound = target {
            self = .notFound
        } else if method != allowed {
            self = .methodNotAllowed(allowed: allowed.rawValue)
        } else {
            self = target
        }
    }
}
