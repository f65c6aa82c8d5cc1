import Burgee
import BurgeeCore
import BurgeeKameleoon
import Testing
@testable import BurgeeKameleoon

/// `getVisitorCode` reads the visitor code cookie or makes one and sets it, as Kameleoon's server
/// SDKs do; the expected texts are what Python's `http.cookies` writes for Kameleoon's SDK.
@Suite("Kameleoon visitor code")
struct KameleoonVisitorCodeTests {
    static func client(_ json: String = KameleoonDocuments.standard(), domain: String? = nil) async throws -> BurgeeClient {
        try await ClientHarness.ready(json) { $0.kameleoonTopLevelDomain = domain }
    }

    @Test("a request without the cookie gets a new code of 16 hex digits, set for 380 days")
    func aNewCodeIsMadeAndSet() async throws {
        let client = try await Self.client(domain: "HTTPS://Example.COM")
        var cookies = KameleoonHTTPCookies(cookieHeader: "theme=dark")
        let code = try client.kameleoon.getVisitorCode(cookies: &cookies)
        #expect(code.count == 16 && code.allSatisfy { "0123456789abcdef".contains($0) })
        let header = try #require(cookies.setCookieHeaders.first)
        #expect(cookies.setCookieHeaders.count == 1)
        #expect(header.hasPrefix("kameleoonVisitorCode=\(code); Domain=example.com; expires="))
        #expect(header.hasSuffix(" GMT; Max-Age=32832000; Path=/"))
        // Another request, another code.
        var other = KameleoonHTTPCookies(cookieHeader: nil)
        #expect(try client.kameleoon.getVisitorCode(cookies: &other) != code)
        #expect(other.setCookieHeaders.count == 1)
        await client.close()
    }

    @Test("the cookie's code is read and not written back; an empty one counts as none")
    func theCookiesCodeIsRead() async throws {
        let client = try await Self.client()
        var cookies = KameleoonHTTPCookies(cookieHeader: #"a=1; kameleoonVisitorCode="7b1c9f2e"; kameleoonVisitorCode=later"#)
        #expect(try client.kameleoon.getVisitorCode(cookies: &cookies, defaultVisitorCode: "unused") == "7b1c9f2e")
        #expect(cookies.setCookieHeaders.isEmpty)
        var empty = KameleoonHTTPCookies(cookieHeader: "kameleoonVisitorCode=")
        #expect(try client.kameleoon.getVisitorCode(cookies: &empty, defaultVisitorCode: "user-42") == "user-42")
        #expect(empty.setCookieHeaders.first?.hasPrefix("kameleoonVisitorCode=user-42; expires=") == true)
        await client.close()
    }

    @Test("codes that are not valid visitor codes are refused, as Kameleoon's VisitorCodeInvalid")
    func invalidCodes() async throws {
        let client = try await Self.client()
        var long = KameleoonHTTPCookies(cookieHeader: "kameleoonVisitorCode=" + String(repeating: "x", count: 256))
        #expect(throws: KameleoonError.self) { try client.kameleoon.getVisitorCode(cookies: &long) }
        var none = KameleoonHTTPCookies(cookieHeader: nil)
        #expect(throws: KameleoonError.self) { try client.kameleoon.getVisitorCode(cookies: &none, defaultVisitorCode: "") }
        #expect(none.setCookieHeaders.isEmpty)
        await client.close()
    }

    @Test("where consent is required and no flag delivers to targets, Kameleoon manages the code: no cookie")
    func aManagedCodeSetsNoCookie() async throws {
        let json = KameleoonDocuments.standard().replacingOccurrences(of: "TARGETED_DELIVERY", with: "EXPERIMENTATION")
        let client = try await Self.client(json)
        var cookies = KameleoonHTTPCookies(cookieHeader: nil)
        #expect(try client.kameleoon.getVisitorCode(cookies: &cookies).count == 16)
        #expect(cookies.setCookieHeaders.isEmpty)
        await client.close()
    }

    @Test("the cookie as Python's http.cookies writes Kameleoon's: its quoting, its date")
    func cookieText() {
        #expect(KameleoonView.visitorCodeCookieHeader("plain-code_1", domain: "example.com", nowSeconds: 1_766_000_000)
            == "kameleoonVisitorCode=plain-code_1; Domain=example.com; expires=Fri, 01 Jan 2027 19:33:20 GMT; Max-Age=32832000; Path=/")
        #expect(KameleoonView.cookieValue("a b;c\"é\\x") == #""a b\073c\"\351\\x""#)
        #expect(KameleoonView.cookieValue("x,y") == #""x\054y""#)
        #expect(KameleoonView.cookieValue("tab\there") == #""tab\011here""#)
        #expect(KameleoonView.cookieValue("用户") == #""用户""#)
    }
}
