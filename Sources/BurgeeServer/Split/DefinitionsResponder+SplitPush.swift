import BurgeeCore
import Foundation
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// The server's push state in Split mode.
    var splitPush: SplitPushState { server.records.of(SplitPushState.self) }

    /// `GET /api/v2/auth`: `{"pushEnabled": true, "token": <JWT-shaped token>}` as Split's auth
    /// service answers (see ``SplitToken``), or `pushEnabled: false` when
    /// ``DefinitionsServerConfiguration/offersPush`` is off, so that Split's SDKs only poll.
    func splitAuthResponse(_ request: Request) -> Response {
        guard server.configuration.offersPush else { return JSONResponses.json(.ok, ["pushEnabled": false, "token": ""]) }
        let token = SplitToken.issue(secret: splitPush.secret, now: Self.unixSeconds())
        return JSONResponses.json(.ok, ["pushEnabled": true, "token": .string(token)])
    }

    /// `GET /event-stream?v=1.1&accessToken=…&channels=…` (also below `/api`): Split's streaming
    /// service. The token must be one `/api/v2/auth` handed out and not expired (or, as on every
    /// route, `Authorization` carries the SDK key; without a key every request is let in), else
    /// 401 with Ably's error `40140`-range codes. The stream opens with an occupancy message per
    /// control channel, then carries the notifications of file changes
    /// (``SplitStreamEvents/updates(from:to:timestamp:)``), the messages pushed with
    /// ``DefinitionsServer/push(_:)``, and keepalive comments.
    func splitEventStreamResponse(_ request: Request) -> Response {
        guard server.configuration.offersPush else {
            return JSONResponses.error(.notFound, "not_found", "push is turned off on this server")
        }
        let push = splitPush
        if server.configuration.sdkKey != nil, !server.keyCheck.accepts(request.headers[.authorization]) {
            let token = request.uri.queryParameters.getAll("accessToken").first.map { String($0) }
            guard let token, SplitToken.isValid(token, secret: push.secret, now: Self.unixSeconds()) else {
                let data: JSONValue = ["error": ["code": 40142, "statusCode": 401, "message": "the token is missing, unknown or expired"]]
                return JSONResponses.json(.unauthorized, data)
            }
        }
        let store = server.store
        return eventStreamResponse(request) {
            push.withMessageClock(nowMilliseconds: Self.unixMilliseconds()) { publishers, timestamp in
                store.subscribe(retry: nil, opening: SplitPushMessage.ControlChannel.allCases.map {
                    SplitStreamEvents.occupancy($0, publishers: publishers[$0] ?? 0, timestamp: timestamp)
                })
            }
        }
    }

    static func unixSeconds() -> Int64 { Int64(Date().timeIntervalSince1970) }

    static func unixMilliseconds() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}
