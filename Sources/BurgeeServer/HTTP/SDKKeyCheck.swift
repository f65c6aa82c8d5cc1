/// Checks the `Authorization` header against the server's SDK key.
struct SDKKeyCheck: Sendable {
    let key: String?

    /// Whether `authorization` carries the key, raw or as `Bearer <key>`; always true without a key.
    func accepts(_ authorization: String?) -> Bool {
        guard let key else { return true }
        guard let authorization else { return false }
        let value = Array(authorization.utf8)
        let expected = Array(key.utf8)
        if Self.equal(value[...], expected[...]) { return true }
        let scheme = Array("bearer ".utf8)
        // ASCII letters compare case-insensitively by setting the 0x20 bit; the space already has it.
        guard value.count > scheme.count, zip(value, scheme).allSatisfy({ $0 | 0x20 == $1 }) else { return false }
        return Self.equal(value[scheme.count...], expected[...])
    }

    /// Whether `authorization` carries one of `keys`, raw or as `Bearer <key>`; false without keys.
    static func accepts(_ authorization: String?, anyOf keys: [String]) -> Bool {
        keys.contains { SDKKeyCheck(key: $0).accepts(authorization) }
    }

    /// The credential of a `Bearer <credential>` header (the scheme in any case); `nil` for another.
    static func bearer(_ authorization: String?) -> String? {
        guard let authorization, authorization.utf8.count > 7,
              authorization.utf8.prefix(7).elementsEqual("bearer ".utf8, by: { $0 | 0x20 == $1 }) else { return nil }
        return String(authorization.dropFirst(7))
    }

    /// Compares in time that depends only on the lengths, so a wrong key's timing tells nothing of the right one.
    private static func equal(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
