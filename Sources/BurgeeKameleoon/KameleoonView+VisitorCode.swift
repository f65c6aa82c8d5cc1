import Burgee
import BurgeeCore

extension KameleoonView {
    /// The name of the cookie that holds the visitor code, as Kameleoon's SDKs name it.
    public static let visitorCodeCookie = "kameleoonVisitorCode"
    /// How long the visitor code cookie lives: 380 days, as Kameleoon's SDKs set it.
    static let visitorCodeCookieLifetime: Int64 = 380 * 86_400

    /// The visitor code of a web request (Kameleoon's `getVisitorCode(cookies, defaultVisitorCode)`):
    /// the request's `kameleoonVisitorCode` cookie when it sent one (not empty); otherwise
    /// `defaultVisitorCode`, or a new code of 16 lowercase hexadecimal digits from the system's
    /// secure random source, which is then set in a cookie on the response, as Kameleoon's server
    /// SDKs set it: `Domain` the configuration's `kameleoonTopLevelDomain`
    /// (left out when not set), `expires` 380 days ahead on the client's clock, `Max-Age=32832000`,
    /// `Path=/`. A code read from the request is not written back. Where the configuration requires
    /// consent and no enabled flag has a targeted-delivery rule, Kameleoon manages the code itself
    /// and no cookie is set.
    /// - Throws: ``KameleoonError/visitorCodeInvalid(_:)`` when the cookie's code, or
    ///   `defaultVisitorCode`, is longer than 255 characters or `defaultVisitorCode` is empty.
    public func getVisitorCode(cookies: inout some KameleoonCookies, defaultVisitorCode: String? = nil) throws(KameleoonError)
        -> String
    {
        if let sent = cookies.requestCookie(Self.visitorCodeCookie), !sent.isEmpty {
            try Self.check(sent)
            return sent
        }
        let code: String
        if let defaultVisitorCode {
            try Self.check(defaultVisitorCode)
            code = defaultVisitorCode
        } else {
            code = Self.newVisitorCode()
        }
        if !codeIsManaged {
            let settings = client.configuration[module: KameleoonClientSettings.self]
            cookies.addResponseCookie(Self.visitorCodeCookieHeader(code, domain: settings?.topLevelDomain,
                                                                  nowSeconds: client.clock.wallMilliseconds() / 1000))
        }
        return code
    }

    /// Whether Kameleoon manages visitor codes itself: consent required, and no environment-enabled
    /// flag with a targeted-delivery rule.
    private var codeIsManaged: Bool {
        client.cell.read { cell in
            guard let document = cell.snapshot?.kameleoonDocument, document.settings.consentRequired else { return false }
            return !document.flags.contains { flag in flag.environmentEnabled && flag.rules.contains { $0.kind == .targetedDelivery } }
        }
    }

    /// 16 lowercase hexadecimal digits from the system's secure random source.
    static func newVisitorCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".unicodeScalars)
        var code = String.UnicodeScalarView()
        for _ in 0..<16 { code.append(digits[Int(generator.next() % 16)]) }
        return String(code)
    }

    /// The `Set-Cookie` value of `code`, as Python's `SimpleCookie` writes Kameleoon's: the value
    /// quoted when it holds characters a cookie value cannot, then the attributes in name order.
    static func visitorCodeCookieHeader(_ code: String, domain: String?, nowSeconds: Int64) -> String {
        var header = visitorCodeCookie + "=" + cookieValue(code)
        if let domain, !domain.isEmpty { header += "; Domain=" + domain }
        header += "; expires=" + Timestamp.httpDate(unixSeconds: nowSeconds + visitorCodeCookieLifetime)
        header += "; Max-Age=\(visitorCodeCookieLifetime); Path=/"
        return header
    }

    /// `value` as Python's `http.cookies` quotes it: as it is when every character is legal in a
    /// cookie value, else in double quotes with `"` and `\` escaped and other characters outside
    /// printable ASCII (and `,` and `;`) as a backslash and three octal digits.
    static func cookieValue(_ value: String) -> String {
        let legal = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~:".unicodeScalars)
        guard !value.unicodeScalars.allSatisfy(legal.contains) else { return value }
        let unescaped = legal.union(" ()/<=>?@[]{}".unicodeScalars)
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where unescaped.contains(scalar) || scalar.value > 255: quoted.unicodeScalars.append(scalar)
            default:
                let octal = String(scalar.value, radix: 8)
                quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return quoted + "\""
    }
}
