import Foundation

/// The SDK key as the explorer accepts it: as every route does (raw or `Bearer`), or as the
/// password of HTTP Basic authentication (any user name), which is what a browser can send.
enum ExplorerCredentials {
    static func accept(_ authorization: String?, check: SDKKeyCheck) -> Bool {
        if check.accepts(authorization) { return true }
        guard let authorization, let password = basicPassword(authorization) else { return false }
        return check.accepts(password)
    }

    /// The password of `Basic base64(user:password)`; `nil` for another scheme or bad encoding.
    static func basicPassword(_ authorization: String) -> String? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8),
              let colon = text.firstIndex(of: ":") else { return nil }
        return String(text[text.index(after: colon)...])
    }
}
