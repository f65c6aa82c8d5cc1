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
        guard let bytes = Base64URL.decode(encoded) else {
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

/// base64url (RFC 4648 §5) decoding, with or without its `=` padding.
enum Base64URL {
    /// The bytes `text` encodes; `nil` for a character outside the URL-safe alphabet, misplaced
    /// padding, or a length no encoding has.
    static func decode(_ text: Substring) -> [UInt8]? {
        var input = Array(text.utf8)
        if input.count % 4 == 0, input.last == UInt8(ascii: "=") {
            input.removeLast()
            if input.last == UInt8(ascii: "=") { input.removeLast() }
        }
        guard input.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in input {
            guard let sextet = value(of: character) else { return nil }
            accumulator = accumulator << 6 | UInt32(sextet)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
