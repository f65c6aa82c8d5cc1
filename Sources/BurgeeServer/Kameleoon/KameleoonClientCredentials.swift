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
        guard let basic = BasicCredentials(authorization: authorization) else { return nil }
        clientID = basic.user
        secret = basic.password
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
