import Foundation

/// The client credentials of an OAuth token request (RFC 6749 §2.3.1): HTTP Basic
/// (`Authorization: Basic base64(clientId:clientSecret)`, as Kameleoon's SDKs send them), or
/// `client_id` and `client_secret` in the form body (as older Kameleoon SDKs did).
struct KameleoonClientCredentials: Sendable, Equatable {
    let clientID: String
    let secret: String

    /// The credentials of an `Authorization` header of scheme Basic (any case); `nil` for another
    /// scheme, text that is not base64, or a decoded value without `:`. The parts are taken as
    /// sent, without form decoding, as Kameleoon's SDKs encode them without it.
    init?(authorization: String) {
        let scheme = "basic "
        guard authorization.utf8.count > scheme.utf8.count,
              authorization.prefix(scheme.count).lowercased() == scheme,
              let data = Data(base64Encoded: authorization.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8),
              let colon = text.firstIndex(of: ":") else { return nil }
        clientID = String(text[..<colon])
        secret = String(text[text.index(after: colon)...])
    }

    /// Credentials given in the body.
    init(clientID: String, secret: String) {
        self.clientID = clientID
        self.secret = secret
    }

    /// Whether the secret is `key`, compared in time that depends only on the lengths.
    func hasSecret(_ key: String) -> Bool {
        let a = Array(secret.utf8)
        let b = Array(key.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
