import BurgeeCore
import Hummingbird

/// Where a request goes, decided by its path and method alone.
enum Route: Sendable {
    case endpoint(DefinitionsServer.Endpoint)
    case eventStats
    case receivedEvents
    case methodNotAllowed(allowed: String)
    case notFound

    /// The route of a request to a server of `format`: native servers answer Burgee's paths,
    /// Unleash servers Unleash's client API, LaunchDarkly servers `GET /sdk/latest-all` (the
    /// definitions endpoint) and `GET /all` (the stream), flagd servers `GET /definitions` (the flag
    /// document as it is); with `ofrep`, all answer OFREP's.
    init(method: HTTPRequest.Method, path: String, format: DefinitionsFormat, ofrep: Bool = false) {
        let flags = DefinitionsResponder.ofrepFlagsPath
        let (target, allowed): (Route, HTTPRequest.Method) = switch (format, path) {
        case (_, flags) where ofrep: (.endpoint(.ofrepBulk), .post)
        case (_, _) where ofrep && path.hasPrefix(flags + "/") && path.utf8.count > flags.utf8.count + 1:
            (.endpoint(.ofrepEvaluate), .post)
        case (.unleash, "/api/client/features"): (.endpoint(.unleashFeatures), .get)
        case (.unleash, "/api/client/register"): (.endpoint(.unleashRegister), .post)
        case (.unleash, "/api/client/metrics"): (.endpoint(.unleashMetrics), .post)
        case (.unleash, _): (.notFound, .get)
        case (.launchDarkly, "/sdk/latest-all"): (.endpoint(.definitions), .get)
        case (.launchDarkly, "/all"): (.endpoint(.stream), .get)
        case (.launchDarkly, _): (.notFound, .get)
        case (.flagd, "/definitions"): (.endpoint(.definitions), .get)
        case (.flagd, _): (.notFound, .get)
        case (_, "/definitions"): (.endpoint(.definitions), .get)
        case (_, "/stream"): (.endpoint(.stream), .get)
        case (_, "/events"):
            // Two methods: the events posted, and the list of those received.
            switch method {
            case .post: (.endpoint(.events), .post)
            case .get: (.receivedEvents, .get)
            default: (.methodNotAllowed(allowed: "GET, POST"), method)
            }
        case (_, "/events/stats"): (.eventStats, .get)
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
}
