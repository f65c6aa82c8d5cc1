import Foundation
import Testing

/// `burgee serve --format kameleoon`: Kameleoon's SDK API at the root, and the visitors document
/// the Data API answers from (`--kameleoon-visitors`).
@Suite("burgee serve --format kameleoon")
struct ServeKameleoonTests {
    static let document = #"{"featureFlags":[{"id":1,"featureKey":"ff","defaultVariationKey":"off","environmentEnabled":true,"#
        + #""variations":[{"key":"off","name":"Off","variables":[]}],"rules":[]}],"dateModified":1767225600000}"#

    @Test("serves the configuration at /v3/{siteCode} and visitor data from --kameleoon-visitors")
    func visitors() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.json", Self.document)
        let visitors = try files.write("visitors.json", #"{"v1":{"currentVisit":{"visitorCode":"v1"},"previousVisits":[]}}"#)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--format", "kameleoon", "--kameleoon-visitors", visitors])
        let serving = try #require(await serve.waitUntilServing())
        #expect(serving.line.hasPrefix("Serving Kameleoon definitions from \(path) at http://127.0.0.1:"))
        let configuration = try await ServeCommandTests.get(serving.baseURL + "/v3/site-1?environment=production")
        #expect(configuration.status == 200)
        #expect(configuration.etag != nil)
        let known = try await ServeCommandTests.get(serving.baseURL + "/visit/visitor?siteCode=site-1&visitorCode=v1")
        #expect(known.status == 200)
        #expect(known.body == #"{"currentVisit":{"visitorCode":"v1"},"previousVisits":[]}"#)
        let unknown = try await ServeCommandTests.get(serving.baseURL + "/visit/visitor?siteCode=site-1&visitorCode=v2")
        #expect(unknown.status == 200 && unknown.body == "{}")
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("a visitors file that cannot be read, is not a JSON object or comes with another format ends it with 1 and a message")
    func unusableVisitors() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("config.json", Self.document)
        let missing = files.directory.appendingPathComponent("missing.json").path
        let unreadable = try await CLIRunner.run(["serve", "--definitions", path, "--port", "0", "--format", "kameleoon",
                                                  "--kameleoon-visitors", missing])
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr.contains("burgee serve: --kameleoon-visitors: cannot read '\(missing)'"), "\(unreadable.stderr)")
        let array = try files.write("array.json", "[1]")
        let notObject = try await CLIRunner.run(["serve", "--definitions", path, "--port", "0", "--format", "kameleoon",
                                                 "--kameleoon-visitors", array])
        #expect(notObject.status == 1)
        #expect(notObject.stderr.contains("is not a JSON object"), "\(notObject.stderr)")
        let native = try files.write("native.json", ServeCommandTests.definitions)
        let otherFormat = try await CLIRunner.run(["serve", "--definitions", native, "--port", "0", "--kameleoon-visitors", array])
        #expect(otherFormat.status == 1)
        #expect(otherFormat.stderr.contains("--kameleoon-visitors applies to Kameleoon definitions only"), "\(otherFormat.stderr)")
    }
}
