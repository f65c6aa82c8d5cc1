import BurgeeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The answer of `GET /v2/auth`: whether push is offered and, if so, the token to stream with.
/// The token is a JWT whose payload names the channels in `x-ably-capability` (a JSON string
/// mapping each channel to its permissions) and its lifetime in `iat` and `exp` (Unix seconds);
/// its signature is the streaming service's business and is not checked.
struct SplitAuthToken: Sendable, Equatable {
    /// The token as issued, sent back as `accessToken`.
    var token: String
    /// Channel names and their permissions; the control channels carry `channel-metadata:publishers`.
    var channels: [String: [String]]
    /// When the token was issued and when it expires, Unix seconds.
    var issuedAt: Int64
    var expiresAt: Int64

    /// `nil` when push is not offered; throws when the answer or the token cannot be read.
    static func read(_ body: [UInt8], limits: JSONLimits) throws(SplitAnswerError) -> SplitAuthToken? {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(body) } catch {
            throw SplitAnswerError(reason: "the auth answer is not JSON: \(error)")
        }
        guard let members = json.objectValue else { throw SplitAnswerError(reason: "the auth answer is not a JSON object") }
        guard members["pushEnabled"]?.boolValue == true else { return nil }
        guard let token = members["token"]?.stringValue else { throw SplitAnswerError(reason: "the auth answer has no token") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payloadBytes = decodeBase64URL(parts[1]),
              let payload = (try? JSONParser(limits: limits).parse(payloadBytes))?.objectValue else {
            throw SplitAnswerError(reason: "the token is not a JWT with a JSON payload")
        }
        guard let capabilityText = payload["x-ably-capability"]?.stringValue,
              let capability = (try? JSONParser(limits: limits).parse(Array(capabilityText.utf8)))?.objectValue,
              let expiresAt = payload["exp"]?.int64Value else {
            throw SplitAnswerError(reason: "the token's payload lacks x-ably-capability or exp")
        }
        var channels: [String: [String]] = [:]
        for (name, permissions) in capability {
            channels[name] = (permissions.arrayValue ?? []).compactMap(\.stringValue)
        }
        guard !channels.isEmpty else { throw SplitAnswerError(reason: "the token names no channel") }
        return SplitAuthToken(token: token, channels: channels, issuedAt: payload["iat"]?.int64Value ?? expiresAt,
                              expiresAt: expiresAt)
    }

    /// The `channels` query value, as Split's SDKs send it: the data channels, then the channels
    /// whose occupancy is read, prefixed with `[?occupancy=metrics.publishers]` (percent-encoded
    /// here), in name order.
    var channelsQuery: String {
        let names = channels.keys.sorted()
        let plain = names.filter { !(channels[$0] ?? []).contains("channel-metadata:publishers") }
        let occupancy = names.filter { (channels[$0] ?? []).contains("channel-metadata:publishers") }
            .map { "[?occupancy=metrics.publishers]" + $0 }
        return (plain + occupancy).map(SplitDataSource.pathSegment).joined(separator: ",")
    }

    /// When to renew the token, counted from `now` (Unix seconds): `margin` before it expires (at
    /// once when that moment has passed, as Split's SDKs do), or, for a token that lives no longer
    /// than the margin, halfway through what is left, so that renewals never run back to back.
    func refreshDelay(now: Int64, margin: Duration) -> Duration {
        let left = Duration.seconds(max(expiresAt - now, 0))
        let lifetime = Duration.seconds(max(expiresAt - issuedAt, 0))
        return lifetime > margin ? max(left - margin, .zero) : left / 2
    }

    /// Base64url (or standard base64), padded or not.
    private static func decodeBase64URL(_ text: Substring) -> [UInt8]? {
        var standard = String(text)
        standard.replace("-", with: "+")
        standard.replace("_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
