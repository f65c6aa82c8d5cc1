/// Unleash's context, field by field, for code written against Unleash's SDKs.
///
/// ```swift
/// let context = UnleashContext(userId: "u-1", properties: ["plan": "pro"]).context
/// client.isEnabled("new-checkout", context: context)
/// ```
///
/// ``context`` maps it onto a Burgee ``Context`` as ``Context/init(unleashJSON:)`` does: one
/// context of kind `user` whose attributes are the properties and the standard fields.
public struct UnleashContext: Sendable, Hashable {
    /// The user's id: `userWithId`, `gradualRolloutUserId` and default stickiness read it.
    public var userId: String?
    /// The session's id: `gradualRolloutSessionId` and default stickiness (without a user) read it.
    public var sessionId: String?
    /// The client's IP address, for `remoteAddress` strategies and `IN_CIDR`.
    public var remoteAddress: String?
    /// The environment's name.
    public var environment: String?
    /// The application's name.
    public var appName: String?
    /// The time date constraints compare with (RFC 3339); when `nil`, the evaluation's clock.
    public var currentTime: String?
    /// Any other fields, read by constraints and custom stickiness by name.
    public var properties: [String: String]

    /// A context.
    public init(userId: String? = nil, sessionId: String? = nil, remoteAddress: String? = nil,
                environment: String? = nil, appName: String? = nil, currentTime: String? = nil,
                properties: [String: String] = [:]) {
        self.userId = userId
        self.sessionId = sessionId
        self.remoteAddress = remoteAddress
        self.environment = environment
        self.appName = appName
        self.currentTime = currentTime
        self.properties = properties
    }

    /// The Unleash context a Burgee `context` stands for, as ``Context/init(unleashJSON:)`` reads
    /// one back: the standard fields from the attributes of those names, every other attribute
    /// (text, a number or a boolean, as text) a property. Of a multi-context, its `user` part.
    public init(_ context: Context) {
        self.init()
        let attributes = context.attributes(ofKind: context.isMulti ? Context.unleashKind : nil) ?? [:]
        for (name, value) in attributes {
            guard let text = UnleashText.text(of: value) else { continue }
            switch name {
            case "userId": userId = text
            case "sessionId": sessionId = text
            case "remoteAddress": remoteAddress = text
            case "environment": environment = text
            case "appName": appName = text
            case "currentTime": currentTime = text
            default: properties[name] = text
            }
        }
    }

    /// The Burgee context Unleash features are evaluated for.
    public var context: Context {
        Context(unleashJSON: json)
    }

    /// The context in Unleash's JSON shape.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        let fields = [("userId", userId), ("sessionId", sessionId), ("remoteAddress", remoteAddress),
                      ("environment", environment), ("appName", appName), ("currentTime", currentTime)]
        for (name, value) in fields {
            if let value { members[name] = .string(value) }
        }
        if !properties.isEmpty { members["properties"] = .object(properties.mapValues(JSONValue.string)) }
        return .object(members)
    }
}
