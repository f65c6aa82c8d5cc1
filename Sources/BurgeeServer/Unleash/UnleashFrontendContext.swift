import BurgeeCore

/// The context of a request to Unleash's frontend API, in Unleash's JSON shape
/// (`{"userId", …, "properties": {…}}`), read from a query string (`GET`) or a body (`POST`).
///
/// The query is form-encoded, as Unleash Edge reads it: `+` is a space, `%XX` a byte, and
/// `properties[name]=value` (brackets raw or percent-encoded, as Unleash's Swift proxy client
/// sends them) a property; the standard fields (`userId`, `sessionId`, `remoteAddress`,
/// `environment`, `appName`, `currentTime`) keep their names; any other parameter becomes a
/// property, as Unleash's own frontend API reads it. Parameters come in any order; a repeated
/// one keeps its last value.
enum UnleashFrontendContext {
    /// Why a context cannot be read: the request is answered 400 with the message.
    struct Unreadable: Error {
        let message: String
    }

    /// The context of a query string (without its `?`); an empty query is the empty context.
    static func read(query: Substring) throws(Unreadable) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var properties: [String: JSONValue] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let rawName = equals.map { pair[..<$0] } ?? pair
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? ""
            guard let name = formDecoded(rawName), let value = formDecoded(rawValue) else {
                throw Unreadable(message: "the query parameter '\(pair)' is not validly percent-encoded")
            }
            if name.hasPrefix("properties["), name.hasSuffix("]") {
                let property = String(name.dropFirst("properties[".count).dropLast())
                guard !property.isEmpty else { throw Unreadable(message: "a properties[] parameter needs a name") }
                properties[property] = .string(value)
            } else if Context.unleashStandardFields.contains(name) {
                members[name] = .string(value)
            } else if !name.isEmpty {
                properties[name] = .string(value)
            }
        }
        if !properties.isEmpty { members["properties"] = .object(properties) }
        return .object(members)
    }

    /// The context of a JSON body: the context object itself (as Unleash Edge reads it), or
    /// wrapped as `{"context": {…}}` (as Unleash's JavaScript client posts it); members beside
    /// the standard fields and `properties` become properties, as Unleash's frontend API reads them.
    static func read(body: [UInt8]) throws(Unreadable) -> JSONValue {
        let json: JSONValue
        do {
            json = try JSONParser().parse(body)
        } catch {
            throw Unreadable(message: "the body is not JSON: \(error)")
        }
        guard case .object(var members) = json else {
            throw Unreadable(message: "the body is \(json.typeName), not a context object")
        }
        if members.count == 1, case .object(let wrapped)? = members["context"] { members = wrapped }
        if let properties = members["properties"], properties != .null, properties.objectValue == nil {
            throw Unreadable(message: "'properties' is \(properties.typeName), not an object")
        }
        var properties = members["properties"]?.objectValue ?? [:]
        for (name, value) in members where name != "properties" && !Context.unleashStandardFields.contains(name) {
            properties[name] = value
            members.removeValue(forKey: name)
        }
        // Removed rather than set to `nil`: JSONValue is ExpressibleByNilLiteral, and `nil` would be JSON's null.
        if properties.isEmpty { members.removeValue(forKey: "properties") } else { members["properties"] = .object(properties) }
        return .object(members)
    }

    /// Form decoding: `+` is a space, `%XX` a byte; `nil` for a bad escape or bytes that are not UTF-8.
    private static func formDecoded(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "+")) else { return PercentDecoding.decode(text) }
        return PercentDecoding.decode(Substring(text.replacing("+", with: " ")))
    }
}
