import Burgee
import BurgeeCore
import Testing

/// The current definitions' problems, and the warning logged when their number changes.
@Suite("Definitions problems")
struct DefinitionsProblemsTests {
    /// A boolean flag whose fallthrough names a variation that does not exist: malformed.
    static func broken(_ key: String) -> String {
        """
        "\(key)": { "version": 1, "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false } ], "fallthrough": { "variation": "nope" } }
        """
    }

    static func document(version: Int, broken keys: [String]) -> String {
        Definitions.document(version: version, flags: [Definitions.boolFlag("fine", true)] + keys.map(broken))
    }

    static func problemWarnings(_ logs: TestFiles.LogRecorder) -> [String] {
        logs.warnings.filter { $0.message.hasPrefix("definitions have problems") }.compactMap { $0.metadata["count"] }
    }

    @Test("empty before ready, then the current snapshot's problems, following updates")
    func exposed() async throws {
        let (client, source) = try await ClientHarness.manual()
        #expect(client.definitionsProblems.isEmpty)
        #expect(await source.push(Self.document(version: 1, broken: ["a", "b"])))
        let problems = client.definitionsProblems
        #expect(problems.contains { $0.subject == .flag("a") && $0.severity == .error })
        #expect(problems.contains { $0.subject == .flag("b") && $0.severity == .error })
        #expect(!problems.contains { $0.subject == .flag("fine") })
        #expect(problems.allSatisfy { !$0.path.description.isEmpty })
        let detail = client.boolVariationDetail("a", context: Context(key: "u"), default: true)
        #expect(detail.reason == .error(.malformedFlag))
        #expect(await source.push(Self.document(version: 2, broken: [])))
        #expect(client.definitionsProblems.isEmpty)
        await client.close()
    }

    @Test("the count is logged when it changes, not at every update")
    func loggedOnChange() async throws {
        let logs = TestFiles.LogRecorder()
        let (client, source) = try await ClientHarness.manual { $0.logger = logs.logger }
        #expect(await source.push(Self.document(version: 1, broken: ["a"])))
        let one = client.definitionsProblems.count
        #expect(one > 0)
        #expect(await source.push(Self.document(version: 2, broken: ["b"])))
        #expect(await source.push(Self.document(version: 3, broken: ["c"])))
        #expect(Self.problemWarnings(logs) == ["\(one)"])
        #expect(await source.push(Self.document(version: 4, broken: ["a", "b"])))
        let two = client.definitionsProblems.count
        #expect(two > one)
        #expect(Self.problemWarnings(logs) == ["\(one)", "\(two)"])
        #expect(await source.push(Self.document(version: 5, broken: [])))
        #expect(await source.push(Self.document(version: 6, broken: [])))
        #expect(Self.problemWarnings(logs) == ["\(one)", "\(two)"])
        #expect(logs.entries.filter { $0.message == "definitions have no problems any more" }.count == 1)
        await client.close()
    }
}
