import Testing
@testable import Burgee
import BurgeeCore

@Suite struct ServiceURLTests {
    @Test(arguments: ["https://flags.example.com/definitions", "http://127.0.0.1:8080/stream", "http://localhost/d",
                      "http://[::1]:9/stream", "http://127.5.6.7/x"])
    func acceptedURLs(_ url: String) throws {
        #expect(try ServiceURL(url, allowInsecureHTTP: false).text == url)
    }

    @Test(arguments: ["http://flags.example.com/definitions", "http://10.0.0.1/stream", "http://127.0.0.1.example.com/"])
    func plainHTTPToOtherHostsIsRefusedUnlessAllowed(_ url: String) throws {
        #expect(throws: ConfigurationError.insecureURL(url)) { try ServiceURL(url, allowInsecureHTTP: false) }
        #expect(try ServiceURL(url, allowInsecureHTTP: true).text == url)
    }

    @Test(arguments: ["", "flags.example.com/definitions", "ftp://example.com/x", "https://", "https://user:pw@example.com/"])
    func malformedURLsAreRefused(_ url: String) {
        #expect(throws: ConfigurationError.invalidURL(url)) { try ServiceURL(url, allowInsecureHTTP: true) }
    }

    @Test func thePollingURLFollowsTheStreamURL() throws {
        #expect(try ServiceURL("https://x.example/sdk/stream", allowInsecureHTTP: false)
            .replacingLastPathSegment(with: "definitions") == "https://x.example/sdk/definitions")
        #expect(try ServiceURL("https://x.example/stream?env=prod", allowInsecureHTTP: false)
            .replacingLastPathSegment(with: "definitions") == "https://x.example/definitions?env=prod")
        #expect(try ServiceURL("https://x.example", allowInsecureHTTP: false)
            .replacingLastPathSegment(with: "definitions") == "https://x.example/definitions")
    }

    @Test func networkSourcesCheckTheirConfiguration() {
        func refused(_ source: DataSourceConfiguration) -> ConfigurationError? {
            do { _ = try BurgeeClient(configuration: .init(source: source)); return nil } catch { return error }
        }
        #expect(refused(.polling("http://flags.example.com/definitions")) == .insecureURL("http://flags.example.com/definitions"))
        #expect(refused(.streaming("nonsense")) == .invalidURL("nonsense"))
        #expect(refused(.polling("https://x.example/d", every: .zero)) == .notPositive("the polling interval"))
        #expect(refused(.polling("https://x.example/d", http: HTTPOptions(headers: ["authorization": "x"])))
            == .reservedHeader("authorization"))
        #expect(refused(.streaming("https://x.example/s", http: HTTPOptions(backoff: HTTPOptions.Backoff(jitter: 2)))) == .invalidBackoff)
        #expect(refused(.streaming("https://x.example/s", options: DataSourceConfiguration.StreamingOptions(fallbackAfterFailures: 0)))
            == .notPositive("the failures before falling back to polling"))
        #expect(refused(.fetchOnce("https://x.example/d", http: HTTPOptions(maxBodyBytes: 0))) == .notPositive("the body size limit"))
        #expect(refused(.streaming("https://x.example/s")) == nil)
    }

    @Test func theSDKKeyNeverShowsInDescriptionsOrDumps() {
        let configuration = BurgeeClient.Configuration(sdkKey: "sdk-very-secret", source: .streaming("https://x.example/stream"))
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.contains("sdk-very-secret"))
        #expect(!"\(configuration)".contains("sdk-very-secret"))
        #expect(!String(reflecting: configuration).contains("sdk-very-secret"))
        #expect(configuration.sdkKey == "sdk-very-secret")
        #expect(Redactor(key: SDKKey("sdk-very-secret"))("GET x with sdk-very-secret twice sdk-very-secret")
            == "GET x with [redacted] twice [redacted]")
    }
}
