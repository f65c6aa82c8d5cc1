import BurgeeCore

/// What a format's clients post to a relay, one request each: the events, impressions, metrics,
/// exposures and tracking the relay must send on.
struct RelayPost: Sendable {
    var method = "POST"
    let path: String
    var headers: [(String, String)] = [("Content-Type", "application/json")]
    let body: String

    static func of(_ format: DefinitionsFormat) -> [RelayPost] {
        switch format {
        case .native:
            [RelayPost(path: "/events", body: #"{"events":[{"kind":"custom","key":"k","creationDate":1}]}"#),
             RelayPost(path: "/events", body: #"{"events":[{"kind":"custom","key":"k","creationDate":2},{"kind":"custom","key":"j","creationDate":3}]}"#)]
        case .unleash:
            [RelayPost(path: "/api/client/register",
                       body: #"{"appName":"a","instanceId":"i","strategies":["default"],"started":"2026-01-01T00:00:00Z","interval":15000}"#),
             RelayPost(path: "/api/client/metrics", body: unleashMetrics(yes: 3, no: 1)),
             RelayPost(path: "/api/frontend/client/metrics", body: unleashMetrics(yes: 2, no: 5))]
        case .launchDarkly:
            [RelayPost(path: "/bulk", body: #"[{"kind":"custom","key":"k","creationDate":1,"context":{"kind":"user","key":"u"}},"#
                        + #"{"kind":"index","creationDate":1,"context":{"kind":"user","key":"u"}}]"#),
             RelayPost(path: "/diagnostic", body: #"{"kind":"diagnostic-init","id":{"diagnosticId":"d"},"creationDate":1}"#),
             RelayPost(path: "/mobile/events/bulk", headers: [("Content-Type", "application/json"), ("Authorization", "api_key mob-1")],
                       body: #"[{"kind":"custom","key":"m","creationDate":1,"context":{"kind":"user","key":"u"}}]"#)]
        case .split:
            [RelayPost(path: "/api/testImpressions/bulk",
                       body: #"[{"f":"relayed","i":[{"k":"u1","t":"on","m":1,"c":1,"r":"in"},{"k":"u2","t":"on","m":2,"c":1,"r":"in"}]}]"#),
             RelayPost(path: "/api/testImpressions/count", body: #"{"pf":[{"f":"relayed","m":1,"rc":4}]}"#),
             RelayPost(path: "/api/events/bulk", body: #"[{"key":"u1","trafficTypeName":"user","eventTypeId":"buy","timestamp":1}]"#),
             // The Split Evaluator's routes: an impression and an event the relay makes and sends on.
             RelayPost(method: "GET", path: "/client/get-treatment?key=u3&split-name=relayed", headers: [], body: ""),
             RelayPost(method: "GET", path: "/client/track?key=u3&traffic-type=user&event-type=buy&value=2", headers: [], body: "")]
        case .datadog:
            [RelayPost(path: "/api/v2/exposures",
                       body: #"{"context":{"service":"s"},"exposures":[{"timestamp":1,"allocation":{"key":"rest"},"flag":{"key":"relayed"},"#
                        + #""variant":{"key":"a"},"subject":{"id":"u1","attributes":{}}}]}"#)]
        case .kameleoon:
            [RelayPost(path: "/visit/events?sdkName=PYTHON&sdkVersion=3.22.2&siteCode=site-1", headers: [("Content-Type", "*/*")],
                       body: "nonce=ab12&eventType=experiment&id=100&variationId=1000&visitorCode=v1\n"
                        + "nonce=ab13&eventType=conversion&goalId=7&revenue=9.99&negative=false&visitorCode=v1")]
        default:
            []
        }
    }

    private static func unleashMetrics(yes: Int, no: Int) -> String {
        #"{"appName":"a","instanceId":"i","bucket":{"start":"2026-01-01T00:00:00Z","stop":"2026-01-01T00:01:00Z","#
            + #""toggles":{"relayed":{"yes":\#(yes),"no":\#(no),"variants":{}}}}}"#
    }
}
