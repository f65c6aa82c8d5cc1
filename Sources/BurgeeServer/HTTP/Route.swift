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

    static let launchDarklyFlagsPath = "/sdk/latest-flags"
    static let launchDarklySegmentsPath = "/sdk/latest-segments"

    /// The route of a request to a server of `format`: native servers answer Burgee's paths,
    /// Unleash servers Unleash's client API, LaunchDarkly servers the polling endpoints
    /// (`GET /sdk/latest-all`, `/sdk/latest-flags`, `/sdk/latest-segments`), the stream (`GET /all`)
    /// and the event posts (`POST /bulk`, `POST /diagnostic`), flagd servers `GET /definitions`
    /// (the flag document as it is); with `ofrep`, all answer OFREP's. Every server answers
    /// `GET /status`, and lists and counts what it recorded at `GET /events` and `GET /events/stats`.
    init(method: HTTPRequest.Method, path: String, format: DefinitionsFormat, ofrep: Bool = false) {
        let flags = DefinitionsResponder.ofrepFlagsPath
        let (target, allowed): (Route, HTTPRequest.Method) = switch (format, path) {
        case (_, flags) where ofrep: (.endpoint(.ofrepBulk), .post)
        case (_, _) where ofrep && path.hasPrefix(flags + "/") && path.utf8.count > flags.utf8.count + 1:
            (.endpoint(.ofrepEvaluate), .post)
        case (_, "/status"): (.status, .get)
        case (.native, "/events"):
            // Two methods: the events posted, and the list of those received.
            switch method {
            case .post: (.endpoint(.events), .post)
            case .get: (.receivedEvents, .get)
            default: (.methodNotAllowed(allowed: "GET, POST"), method)
            }
        case (_, "/events"): (.receivedEvents, .get)
        case (_, "/events/stats"): (.eventStats, .get)
        case (.unleash, "/api/client/features"): (.endpoint(.unleashFeatures), .get)
        case (.unleash, "/api/client/streaming"): (.endpoint(.stream), .get)
        case (.unleash, "/api/client/register"): (.endpoint(.unleashRegister), .post)
        case (.unleash, "/api/client/metrics"): (.endpoint(.unleashMetrics), .post)
        case (.unleash, _): (.notFound, .get)
        case (.launchDarkly, "/sdk/latest-all"): (.endpoint(.definitions), .get)
        case (.launchDarkly, "/all"): (.endpoint(.stream), .get)
        case (.launchDarkly, "/bulk"): (.endpoint(.launchDarklyBulk), .post)
        case (.launchDarkly, "/diagnostic"): (.endpoint(.launchDarklyDiagnostic), .post)
        case (.launchDarkly, _) where Self.isCollection(path, Self.launchDarklyFlagsPath):
            (.endpoint(.launchDarklyFlags), .get)
        case (.launchDarkly, _) where Self.isCollection(path, Self.launchDarklySegmentsPath):
            (.endpoint(.launchDarklySegments), .get)
        case (.launchDarkly, _): (.notFound, .get)
        case (.flagd, "/definitions"): (.endpoint(.definitions), .get)
        case (.flagd, _): (.notFound, .get)
        case (_, "/definitions"): (.endpoint(.definitions), .get)
        case (_, "/stream"): (.endpoint(.stream), .get)
        default: (.notFound, .get)
        }
        if case .notFound = target {
            self = .notFound
        } else if case .methodNotAllowed = target {
            self = target
        } else if method != allowed {
            self = .methodNotAllowed(allowed: allowed.rawValue)
        } else {
            self = target
        }
    }

    /// Whether `path` is `collection` or one item below it, `collection/{key}`.
    private static func isCollection(_ path: String, _ collection: String) -> Bool {
        guard path.hasPrefix(collection) else { return false }
        let rest = path.utf8.dropFirst(collection.utf8.count)
        guard let slash = rest.first else { return true }
        return slash == UInt8(ascii: "/") && rest.count > 1 && !rest.dropFirst().contains(UInt8(ascii: "/"))
    }
}
