import BurgeeCore
import Foundation

/// The token `GET /api/v2/auth` hands out: shaped as the JWT of Split's auth service
/// (`header.payload.signature`, base64url), its payload naming the channels in
/// `x-ably-capability` (a JSON string, as Split's SDKs read it) with `iat` and `exp`. The
/// signature part is the server's secret, which is all `/event-stream` checks besides `exp`.
///
/// Split's Python SDK decodes the payload as standard base64, which drops `-` and `_`: the
/// payload is ASCII JSON without `>`, `?` or `~`, so its base64url and base64 forms are the same.
enum SplitToken {
    /// The prefix of the data channels' names, as Split's are prefixed with the account's ids.
    static let channelPrefix = "burgee"
    /// Flag and rule-based segment notifications.
    static let splitsChannel = channelPrefix + "_splits"
    /// Segment notifications.
    static let segmentsChannel = channelPrefix + "_segments"
    /// How long a token is valid, as Split's: an hour (its SDKs renew 10 minutes before it ends).
    static let lifetimeSeconds: Int64 = 3600

    /// A token valid from `now` (Unix seconds) for ``lifetimeSeconds``, signed with `secret`.
    static func issue(secret: String, now: Int64) -> String {
        var capability: [String: JSONValue] = [splitsChannel: ["subscribe"], segmentsChannel: ["subscribe"]]
        for channel in SplitPushMessage.ControlChannel.allCases {
            capability[channel.rawValue] = ["subscribe", "channel-metadata:publishers"]
        }
        let payload: JSONValue = [
            "x-ably-capability": .string(JSONValue.object(capability).serialized()),
            "x-ably-clientId": "burgee-serve",
            "iat": .number(Double(now)), "exp": .number(Double(now + lifetimeSeconds)),
        ]
        let header: JSONValue = ["alg": "HS256", "typ": "JWT"]
        return base64URL(Array(header.serialized().utf8)) + "." + base64URL(Array(payload.serialized().utf8)) + "." + secret
    }

    /// Whether `token` is one this server issued with `secret` and has not expired at `now`.
    static func isValid(_ token: String, secret: String, now: Int64) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == secret, let payload = decodeBase64URL(parts[1]),
              let json = try? JSONValue(parsing: payload), let exp = json.objectValue?["exp"]?.int64Value else { return false }
        return now < exp
    }

    /// Base64url without padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text.replace("+", with: "-")
        text.replace("/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    private static func decodeBase64URL(_ text: Substring) -> [UInt8]? {
        var standard = String(text)
        standard.replace("-", with: "+")
        standard.replace("_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
