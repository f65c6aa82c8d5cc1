import BurgeeCore

/// The context a LaunchDarkly client-side or mobile SDK sends: base64url-encoded JSON as the last
/// segment of a `GET` path (padded or not, as the Relay Proxy accepts it), or the JSON body of a
/// `REPORT`. Either a context (`kind`) or a user object of the SDKs before 2022.
enum LaunchDarklyClientContext {
    /// Why a context could not be read: the message of a 400.
    struct Unreadable: Error {
        let message: String
    }

    /// The context in the base64url segment `encoded`.
    static func read(base64URL encoded: Substring, limits: JSONLimits) throws(Unreadable) -> Context {
        guard let bytes = Base64.decode(url: encoded) else {
            throw Unreadable(message: "the context in the path is not valid base64url")
        }
        return try read(json: bytes, limits: limits)
    }

    /// The context in the JSON `bytes`; a single context needs a non-empty key, as the Relay Proxy requires.
    static func read(json bytes: [UInt8], limits: JSONLimits) throws(Unreadable) -> Context {
        let json: JSONValue
        do {
            json = try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw Unreadable(message: "the context is not JSON: \(error)")
        }
        guard json.objectValue != nil else { throw Unreadable(message: "the context must be a JSON object") }
        let context = Context(launchDarklyJSON: json)
        guard context.isValid else {
            throw Unreadable(message: "the context is not valid: \(context.invalidReason ?? "invalid")")
        }
        if context.contexts.count == 1, context.contexts[0].key.isEmpty {
            throw Unreadable(message: "User must have a 'key' attribute")
        }
        return context
    }
}
