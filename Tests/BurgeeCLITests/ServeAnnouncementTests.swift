import Foundation
import Testing

/// `burgee serve`'s first line: one wording for every format, ending with the URL a client of
/// that format takes, which answers the client's first request.
@Suite("burgee serve announces the URL a client takes")
struct ServeAnnouncementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let format: String
        let displayName: String
        let document: String
        /// What the URL ends with after the port.
        let basePath: String
        /// What a client of the format appends to the URL for its first request.
        let clientPath: String
        var testDescription: String { format }
    }

    static let cases = [
        Case(format: "native", displayName: "native Burgee", document: ServeCommandTests.definitions,
             basePath: "", clientPath: "/definitions"),
        Case(format: "unleash", displayName: "Unleash", document: FormatOptionTests.unleash,
             basePath: "/api", clientPath: "/client/features"),
        Case(format: "launchdarkly", displayName: "LaunchDarkly", document: FormatOptionTests.launchDarkly,
             basePath: "", clientPath: "/sdk/latest-all"),
        Case(format: "flagd", displayName: "flagd", document: FormatOptionTests.flagd,
             basePath: "/definitions", clientPath: ""),
        Case(format: "kameleoon", displayName: "Kameleoon", document: ServeKameleoonTests.document,
             basePath: "", clientPath: "/v3/site-1"),
    ]

    @Test("Serving <format> definitions from FILE at URL; URL + the client's path answers 200", arguments: cases)
    func announcement(_ c: Case) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", c.document)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--format", c.format])
        let serving = try #require(await serve.waitUntilServing())
        let prefix = "Serving \(c.displayName) definitions from \(path) at http://127.0.0.1:"
        #expect(serving.line.hasPrefix(prefix), "\(serving.line)")
        let afterHost = serving.line.dropFirst(prefix.count)
        let port = afterHost.prefix { $0.isNumber }
        #expect(Int(port).map { $0 > 0 } == true, "\(serving.line)")
        #expect(afterHost.dropFirst(port.count) == c.basePath[...], "\(serving.line)")
        #expect(serving.baseURL == "http://127.0.0.1:\(port)\(c.basePath)")
        let first = try await ServeCommandTests.get(serving.baseURL + c.clientPath)
        #expect(first.status == 200, "GET \(serving.baseURL + c.clientPath)")
        #expect(await serve.stop(with: SIGINT) == 0)
    }
}
