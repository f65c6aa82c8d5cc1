import Foundation
import Testing

/// `burgee serve --format unleash --frontend-key`: Unleash's frontend API behind its own keys.
@Suite("burgee serve --frontend-key")
struct ServeUnleashFrontendTests {
    @Test("the frontend API needs a frontend key, repeated or comma-separated, and refuses the SDK key")
    func frontendKeys() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("features.json", FormatOptionTests.unleash)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--format", "unleash", "--sdk-key", "server",
                                      "--frontend-key", "front-1,front-2", "--frontend-key", "front-3"])
        let serving = try #require(await serve.waitUntilServing())
        let frontend = serving.baseURL + "/frontend"
        for key in ["front-1", "front-2", "front-3"] {
            #expect(try await ServeCommandTests.get(frontend, headers: [("Authorization", key)]).status == 200, "\(key)")
        }
        #expect(try await ServeCommandTests.get(frontend).status == 401)
        #expect(try await ServeCommandTests.get(frontend, headers: [("Authorization", "server")]).status == 401)
        #expect(try await ServeCommandTests.get(serving.baseURL + "/client/features", headers: [("Authorization", "front-1")]).status == 401)
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("without --frontend-key the frontend API is open")
    func open() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("features.json", FormatOptionTests.unleash)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--format", "unleash"])
        let serving = try #require(await serve.waitUntilServing())
        let answer = try await ServeCommandTests.get(serving.baseURL + "/frontend")
        #expect(answer.status == 200)
        #expect(answer.body.hasPrefix(#"{"toggles":["#))
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("--frontend-key with another format, or empty, ends it with 1 and a message")
    func refused() async throws {
        let files = try TemporaryFiles()
        let native = try files.write("native.json", ServeCommandTests.definitions)
        let otherFormat = try await CLIRunner.run(["serve", "--definitions", native, "--port", "0", "--frontend-key", "k"])
        #expect(otherFormat.status == 1)
        #expect(otherFormat.stderr.contains("--frontend-key applies to Unleash definitions only"), "\(otherFormat.stderr)")
        let path = try files.write("features.json", FormatOptionTests.unleash)
        let empty = try await CLIRunner.run(["serve", "--definitions", path, "--port", "0", "--format", "unleash", "--frontend-key", ","])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("--frontend-key needs a non-empty value"), "\(empty.stderr)")
    }
}
