import Hummingbird

/// Where a request to the flag explorer goes: its page and assets, and the JSON API behind it
/// (docs/explorer.md). Everything lives below `/explorer`; `GET /` leads there.
enum ExplorerRoute: Equatable, Sendable {
    case root
    case page
    case script
    case style
    case status
    case flags
    case flag(String)
    case segment(String)
    case evaluate
    case distribution
    case events
    case methodNotAllowed(allowed: String)
    case notFound

    /// The page's path.
    static let pagePath = "/explorer"
    static let apiPath = "/explorer/api"

    /// The route of a request, `nil` for a path outside the explorer.
    init?(method: HTTPRequest.Method, path: String) {
        func allowing(_ allowed: HTTPRequest.Method, _ route: ExplorerRoute) -> ExplorerRoute {
            method == allowed || (allowed == .get && method == .head) ? route : .methodNotAllowed(allowed: allowed.rawValue)
        }
        if path == "/" { self = allowing(.get, .root); return }
        guard path == Self.pagePath || path.hasPrefix(Self.pagePath + "/") else { return nil }
        let rest = path.dropFirst(Self.pagePath.count)
        switch rest {
        case "", "/": self = allowing(.get, .page)
        case "/explorer.js": self = allowing(.get, .script)
        case "/explorer.css": self = allowing(.get, .style)
        case "/api/status": self = allowing(.get, .status)
        case "/api/flags": self = allowing(.get, .flags)
        case "/api/evaluate": self = allowing(.post, .evaluate)
        case "/api/distribution": self = allowing(.post, .distribution)
        case "/api/events": self = allowing(.get, .events)
        default:
            if let key = Self.key(in: rest, below: "/api/flags/") {
                self = key.map { allowing(.get, .flag($0)) } ?? .notFound
            } else if let key = Self.key(in: rest, below: "/api/segments/") {
                self = key.map { allowing(.get, .segment($0)) } ?? .notFound
            } else {
                self = .notFound
            }
        }
    }

    /// The percent-decoded key after `prefix`: `nil` when the path is not below it, `.some(nil)`
    /// when the key is empty or not validly encoded.
    private static func key(in rest: Substring, below prefix: String) -> String?? {
        guard rest.hasPrefix(prefix) else { return nil }
        let raw = rest.dropFirst(prefix.count)
        guard !raw.isEmpty, let key = PercentDecoding.decode(raw) else { return .some(nil) }
        return .some(key)
    }
}
