import Foundation
import Testing

/// `burgee serve`'s credentials of the vendors' client SDKs: `--mobile-key`, `--environment-id` and
/// `--secure-mode` (LaunchDarkly), `--client-token` (Datadog).
@Suite("burgee serve: client SDK credentials")
struct ServeClientCredentialsTests {
    static let datadog = #"""
    {"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{
     "f":{"key":"f","enabled":true,"variationType":"BOOLEAN","variations":{"t":{"key":"t","value":true}},
          "allocations":[{"key":"all","splits":[{"variationKey":"t","shards":[]}]}]}}}
    """#

    @Test("LaunchDarkly's mobile routes need a --mobile-key; the JavaScript routes answer the --environment-id only")
    func launchDarkly() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", FormatOptionTests.launchDarkly)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--format", "launchdarkly",
                                      "--mobile-key", "mob-1", "--environment-id", "env-1,env-2"])
        let serving = try #require(await serve.waitUntilServing())
        // {"key":"u"} in base64url.
        let context = "eyJrZXkiOiJ1In0"
        let mobile = serving.baseURL + "/msdk/evalx/contexts/" + context
        #expect(try await ServeCommandTests.get(mobile).status == 401)
        #expect(try await ServeCommandTests.get(mobile, headers: [("Authorization", "api_key mob-1")]).status == 200)
        #expect(try await ServeCommandTests.get(serving.baseURL + "/sdk/evalx/env-2/contexts/" + context).status == 200)
        #expect(try await ServeCommandTests.get(serving.baseURL + "/sdk/evalx/env-3/contexts/" + context).status == 404)
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("Datadog's precompute route needs a --client-token")
    func datadog() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ufc.json", Self.datadog)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--format", "datadog", "--client-token", "pub-1"])
        let serving = try #require(await serve.waitUntilServing())
        let url = serving.baseURL + "/precompute-assignments"
        let body = #"{"data":{"attributes":{"subject":{"targeting_key":"u"}}}}"#
        #expect(try await ServeCommandTests.post(url, body).status == 401)
        #expect(try await ServeCommandTests.post(url, body, headers: [("dd-client-token", "pub-1")]).status == 200)
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("each option with another format, empty, or --secure-mode without --sdk-key ends it with 1 and a message",
          arguments: [
              (["--mobile-key", "k"], "native", "--mobile-key applies to LaunchDarkly definitions only"),
              (["--environment-id", "e"], "native", "--environment-id applies to LaunchDarkly definitions only"),
              (["--secure-mode", "--sdk-key", "s"], "native", "--secure-mode applies to LaunchDarkly definitions only"),
              (["--client-token", "t"], "native", "--client-token applies to Datadog definitions only"),
              (["--mobile-key", ""], "launchdarkly", "--mobile-key needs a non-empty value"),
              (["--secure-mode"], "launchdarkly", "--secure-mode needs --sdk-key"),
              (["--client-token", "a,,b"], "datadog", "--client-token needs a non-empty value"),
          ])
    func refused(options: [String], format: String, message: String) async throws {
        let files = try TemporaryFiles()
        let path = switch format {
        case "launchdarkly": try files.write("ld.json", FormatOptionTests.launchDarkly)
        case "datadog": try files.write("ufc.json", Self.datadog)
        default: try files.write("native.json", ServeCommandTests.definitions)
        }
        let run = try await CLIRunner.run(["serve", "--definitions", path, "--port", "0", "--format", format] + options)
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
