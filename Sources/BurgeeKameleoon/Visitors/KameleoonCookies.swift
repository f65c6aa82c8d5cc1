/// A request's cookies and its response's `Set-Cookie` headers, as a web framework hands them:
/// what ``KameleoonView/getVisitorCode(cookies:defaultVisitorCode:)`` reads the visitor code
/// from and writes a new one to. ``KameleoonHTTPCookies`` is one over the raw headers.
public protocol KameleoonCookies {
    /// The value of the cookie `name` the request sent, if it sent one.
    func requestCookie(_ name: String) -> String?
    /// Adds a `Set-Cookie` header, `header` being its value, to the response.
    mutating func addResponseCookie(_ header: String)
}

/// ``KameleoonCookies`` over a request's `Cookie` header and the `Set-Cookie` headers to add to
/// its response, for any framework:
///
/// ```swift
/// var cookies = KameleoonHTTPCookies(cookieHeader: "kameleoonVisitorCode=7b1c9f2e; theme=dark")
/// let code = try client.kameleoon.getVisitorCode(cookies: &cookies)
/// // add each of cookies.setCookieHeaders to the response as a Set-Cookie header
/// ```
public struct KameleoonHTTPCookies: KameleoonCookies, Sendable {
    /// The request's cookies, by name (the first of a name wins, as browsers send the most
    /// specific first).
    public var requestCookies: [String: String]
    /// The values of the `Set-Cookie` headers to add to the response.
    public var setCookieHeaders: [String] = []

    /// The cookies of a request's `Cookie` header (`name=value; name2=value2`); `nil` for none.
    /// A value in double quotes is read without them.
    public init(cookieHeader: String?) {
        var cookies: [String: String] = [:]
        for pair in (cookieHeader ?? "").split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingSpaces
            var value = pair[pair.index(after: equals)...].trimmingSpaces
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            if !name.isEmpty, cookies[String(name)] == nil { cookies[String(name)] = String(value) }
        }
        requestCookies = cookies
    }

    public func requestCookie(_ name: String) -> String? { requestCookies[name] }

    public mutating func addResponseCookie(_ header: String) { setCookieHeaders.append(header) }
}

private extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
