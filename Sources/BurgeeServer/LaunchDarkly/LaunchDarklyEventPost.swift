import BurgeeCore

/// One event post a server in LaunchDarkly mode accepted: a `POST /bulk` batch or a
/// `POST /diagnostic` event from a server-side SDK, or their mobile and JavaScript counterparts.
public struct LaunchDarklyEventPost: Sendable, Hashable {
    /// Which endpoint received it.
    public enum Kind: String, Sendable, Hashable {
        /// `POST /bulk`: a JSON array of analytics events.
        case bulk
        /// `POST /diagnostic`: one diagnostic event object.
        case diagnostic
    }

    /// Which kind of SDK posts to the endpoint, as the path tells.
    public enum SDK: String, Sendable, Hashable {
        /// A server-side SDK: `/bulk`, `/diagnostic`.
        case server
        /// A mobile SDK: `/mobile/events/bulk`, `/mobile/events`, `/mobile`, `/mobile/events/diagnostic`.
        case mobile
        /// A JavaScript SDK: `/events/bulk/{envId}`, `/events/diagnostic/{envId}`.
        case javaScript = "javascript"
    }

    /// The endpoint that received the post.
    public var kind: Kind
    /// The kind of SDK whose endpoint received it.
    public var sdk: SDK
    /// The path it was posted to.
    public var path: String
    /// The body, decoded: an array of events for ``Kind/bulk``, one event for ``Kind/diagnostic``.
    public var body: JSONValue
    /// The `X-LaunchDarkly-Payload-ID` header, which SDKs keep when they retry a batch.
    public var payloadID: String?
    /// The body's size as received, before decoding.
    public var receivedBytes: Int

    /// A post as received.
    public init(kind: Kind, sdk: SDK = .server, path: String? = nil, body: JSONValue, payloadID: String? = nil,
                receivedBytes: Int) {
        self.kind = kind
        self.sdk = sdk
        self.path = path ?? "/" + kind.rawValue
        self.body = body
        self.payloadID = payloadID
        self.receivedBytes = receivedBytes
    }

    /// The events the post carries: the batch's elements, or the diagnostic event itself.
    var events: [JSONValue] {
        switch kind {
        case .bulk: body.arrayValue ?? []
        case .diagnostic: [body]
        }
    }

    /// The JSON `GET /events` lists it as: `{"path":"/bulk","sdk":"server","payloadId":…,"body":…}`.
    var listed: JSONValue {
        var members: [String: JSONValue] = ["path": .string(path), "sdk": .string(sdk.rawValue), "body": body]
        if let payloadID { members["payloadId"] = .string(payloadID) }
        return .object(members)
    }
}
