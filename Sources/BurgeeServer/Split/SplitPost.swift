import BurgeeCore

/// A post a Split SDK sent to a server in Split mode, as received.
public struct SplitPost: Sendable, Hashable {
    /// Where a Split SDK posts.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `POST /api/testImpressions/bulk`: `[{"f": flag, "i": [impression, …]}, …]`.
        case impressions
        /// `POST /api/testImpressions/count`: `{"pf": [{"f": flag, "m": hour, "rc": count}, …]}`.
        case impressionCounts
        /// `POST /api/events/bulk`: `[{"key","trafficTypeName","eventTypeId","value","timestamp","properties"}, …]`.
        case events
        /// `POST /api/v1/metrics/config`: the SDK's configuration, once at start (telemetry).
        case telemetryConfig
        /// `POST /api/v1/metrics/usage`: the SDK's periodic usage statistics (telemetry).
        case telemetryUsage
        /// `POST /api/v1/keys/ss`: the keys each flag was evaluated for, in impressions mode NONE (telemetry).
        case uniqueKeys

        /// The path below the client base (`/api`).
        var path: String {
            switch self {
            case .impressions: "/testImpressions/bulk"
            case .impressionCounts: "/testImpressions/count"
            case .events: "/events/bulk"
            case .telemetryConfig: "/v1/metrics/config"
            case .telemetryUsage: "/v1/metrics/usage"
            case .uniqueKeys: "/v1/keys/ss"
            }
        }
    }

    /// Where it was posted.
    public let kind: Kind
    /// The body as posted.
    public let body: JSONValue
    /// Its size as received, before decoding.
    public let receivedBytes: Int

    /// How many impressions, counted impressions or events the body carries, by flag (impressions
    /// and counts) or event type (events).
    var counts: [String: Int] {
        var counts: [String: Int] = [:]
        switch kind {
        case .impressions:
            for group in body.arrayValue ?? [] {
                let members = group.objectValue ?? [:]
                counts[members["f"]?.stringValue ?? "", default: 0] += members["i"]?.arrayValue?.count ?? 0
            }
        case .impressionCounts:
            for count in body.objectValue?["pf"]?.arrayValue ?? [] {
                let members = count.objectValue ?? [:]
                counts[members["f"]?.stringValue ?? "", default: 0] += Self.integer(members["rc"])
            }
        case .events:
            for event in body.arrayValue ?? [] {
                counts[event.objectValue?["eventTypeId"]?.stringValue ?? "", default: 0] += 1
            }
        case .telemetryConfig, .telemetryUsage, .uniqueKeys:
            break
        }
        return counts
    }

    /// `{"path": …, "body": …}` as `GET /events` lists it.
    var listed: JSONValue {
        ["path": .string(SplitServedFormat.clientPath + kind.path), "body": body]
    }

    private static func integer(_ value: JSONValue?) -> Int {
        guard case .number(let number)? = value, case let n = number.doubleValue, n >= 0, n < 1e15, n.rounded() == n else { return 0 }
        return Int(n)
    }
}

extension SplitPost {
    /// The headers of the impressions and events the server's Split Evaluator routes send on
    /// when relaying, as a Split SDK names itself (the relay adds the SDK key): every impression is
    /// sent, as in Split's DEBUG mode, since the evaluator keeps none back.
    static func evaluatorHeaders(impressionsMode: String?) -> [ForwardedPost.Header] {
        var headers = [
            ForwardedPost.Header(name: "Content-Type", value: "application/json"),
            ForwardedPost.Header(name: "SplitSDKVersion", value: "burgee-" + SDKVersion.version),
        ]
        if let impressionsMode { headers.append(ForwardedPost.Header(name: "SplitSDKImpressionsMode", value: impressionsMode)) }
        return headers
    }
}
