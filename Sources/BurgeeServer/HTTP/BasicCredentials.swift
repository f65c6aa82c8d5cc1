import Foundation

/// The user and password of an `Authorization` header of scheme Basic (RFC 7617), any case.
struct BasicCredentials: Sendable, Equatable {
    let user: String
    let password: String

    /// `nil` for another scheme, text that is not base64, or a decoded value without `:`. The
    /// parts are taken as sent, without form decoding.
    init?(authorization: String) {
        let scheme = "basic "
        guard authorization.utf8.count > scheme.utf8.count,
              authorization.prefix(scheme.count).lowercased() == scheme,
              let data = Data(base64Encoded: authorization.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8),
              let colon = text.firstIndex(of: ":") else { return nil }
        user = String(text[..<colon])
        password = String(text[text.index(after: colon)...])
    }
}
