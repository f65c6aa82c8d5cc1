import Foundation
import Testing

/// `burgee bench`: the shape of what it prints (never its timings) on the bundled definitions and
/// on a document of each format's spec-fixtures, and its refusals.
@Suite("burgee bench")
struct BenchCLITests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func demoDefinitions() async throws -> String {
        let shown = try await CLIRunner.run(["demo", "--show-definitions"])
        #expect(shown.status == 0)
        return shown.stdout
    }

    @Test("--json times every flag of the bundled definitions, then all of them on one and on two threads")
    func jsonShape() async throws {
        let result = try await CLIRunner.run(["bench", "--definitions", "-", "--seconds", "0.3", "--threads", "2",
                                              "--generate", "50", "--json"], stdin: try await demoDefinitions())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress line when standard error is not a terminal: \(result.stderr)")
        let report = try json(result.stdout)
        #expect(report["format"] as? String == "native")
        #expect(report["flagCount"] as? Int == 6)
        #expect(report["contexts"] as? Int == 50)
        #expect(report["generatedContexts"] as? Bool == true)
        let flags = try #require(report["flags"] as? [[String: Any]])
        #expect(flags.compactMap { $0["key"] as? String } == ["beta.ai-assistant", "checkout-base", "checkout.max-items",
                                                              "new-checkout", "ops.maintenance-banner", "paywall.layout"])
        #expect(flags.compactMap { $0["getter"] as? String } == ["bool", "bool", "number", "bool", "json", "string"])
        for flag in flags {
            let p50 = try #require(flag["p50Nanoseconds"] as? Double), p99 = try #require(flag["p99Nanoseconds"] as? Double)
            #expect(p50 > 0 && p50 <= p99, "\(flag)")
            #expect((flag["evaluations"] as? Int ?? 0) >= 5 * 256, "at least five batches: \(flag)")
            #expect((flag["evaluationsPerSecond"] as? Double ?? 0) > 0)
        }
        let shares = flags.compactMap { $0["share"] as? Double }.reduce(0, +)
        #expect(abs(shares - 1) < 0.01)
        let throughput = try #require(report["throughput"] as? [String: Any])
        #expect(throughput["threads"] as? Int == 2)
        #expect((throughput["oneThreadPerSecond"] as? Double ?? 0) > 0)
        #expect((throughput["threadsPerSecond"] as? Double ?? 0) > 0)
        #expect((throughput["scaling"] as? Double ?? 0) > 0)
        let compile = try #require(report["compile"] as? [String: Any])
        #expect((compile["milliseconds"] as? Double ?? 0) > 0)
        #expect(compile["bytesPerFlag"] is Int)
        let update = try #require(report["update"] as? [String: Any])
        #expect(update["kind"] as? String == "patch", "native definitions are patched one flag at a time")
        #expect((update["updates"] as? Int ?? 0) >= 5)
        let p50 = try #require(update["p50Milliseconds"] as? Double), max = try #require(update["maxMilliseconds"] as? Double)
        #expect(p50 > 0 && p50 <= max)
        #expect(update["residentBytesAdded"] is Int)
        let changed = try #require(update["changedDocument"] as? [String: Any])
        #expect((changed["updates"] as? Int ?? 0) >= 5)
        let changedP50 = try #require(changed["p50Milliseconds"] as? Double), changedMax = try #require(changed["maxMilliseconds"] as? Double)
        #expect(changedP50 > 0 && changedP50 <= changedMax)
    }

    @Test("the text table: a header, one line per named flag, the throughput lines")
    func textShape() async throws {
        let result = try await CLIRunner.run(["bench", "--definitions", "-", "--seconds", "0.2", "--threads", "1",
                                              "--flags", "new-checkout, paywall.layout"], stdin: try await demoDefinitions())
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        #expect(lines.first == "6 native flags from standard input, 1000 generated contexts")
        #expect(lines.count > 1 && lines[1].hasPrefix("compile: ") && lines[1].contains(" ms (median)"))
        #expect(lines.count > 2 && lines[2].hasPrefix("update (one flag patched) to new snapshot: ") && lines[2].contains(" ms max over "),
                "\(lines)")
        #expect(lines.count > 3 && lines[3].hasPrefix("update (the whole document, one flag changed) to new snapshot: ")
                && lines[3].contains(" ms max over "), "\(lines)")
        let header = try #require(lines.firstIndex { $0.hasPrefix("flag ") })
        #expect(lines[header].split(separator: " ").map(String.init) == ["flag", "getter", "evals/s", "p50", "ns", "p99", "ns", "share"])
        #expect(lines[header + 1].hasPrefix("new-checkout    bool  "))
        #expect(lines[header + 2].hasPrefix("paywall.layout  string"))
        #expect(lines[header + 3] == "")
        #expect(lines[header + 4].hasPrefix("all flags in turn, 1 thread: "))
        #expect(lines.count == header + 5, "no multi-threaded line with --threads 1")
    }

    static let formats = ["unleash", "launchdarkly", "flagd", "split", "kameleoon", "datadog", "eppo"]

    @Test("a document of each format's spec-fixtures is timed, flag by flag", arguments: [""] + formats)
    func everyFormat(folder: String) async throws {
        let fixtures = SpecFixtureFolder(folder)
        // The suites keep a file's document under `definitions` (Unleash's under `state`, flagd's
        // in `documents`).
        func document(_ name: String) throws -> Any? {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.url.appendingPathComponent(name))) as? [String: Any]
            return object?["definitions"] ?? object?["state"] ?? (object?["documents"] as? [Any])?.first
        }
        let name = try #require(try fixtures.files().first { try document($0) != nil })
        let documentJSON = try JSONSerialization.data(withJSONObject: try #require(try document(name)))
        let format = folder.isEmpty ? "native" : folder
        let result = try await CLIRunner.run(["bench", "--definitions", "-", "--format", format, "--seconds", "0.1",
                                              "--generate", "20", "--threads", "1", "--json"],
                                             stdin: String(decoding: documentJSON, as: UTF8.self))
        #expect(result.status == 0, "\(folder)/\(name): \(result.stderr)")
        let report = try json(result.stdout)
        #expect(report["format"] as? String == format)
        let flags = try #require(report["flags"] as? [[String: Any]])
        #expect(!flags.isEmpty && flags.count == report["flagCount"] as? Int)
        #expect(flags.allSatisfy { ($0["evaluations"] as? Int ?? 0) > 0 })
        #expect((report["throughput"] as? [String: Any])?["threadsPerSecond"] == nil)
        let update = try #require(report["update"] as? [String: Any])
        let patched = folder.isEmpty || folder == "launchdarkly" || folder == "unleash" || folder == "flagd"
        #expect(update["kind"] as? String == (patched ? "patch" : "document"), "\(folder)/\(name)")
        #expect((update["updates"] as? Int ?? 0) >= 5)
        // Formats patched item by item also take a whole document's changed items alone.
        if patched {
            let changed = try #require(update["changedDocument"] as? [String: Any], "\(folder)/\(name)")
            #expect((changed["updates"] as? Int ?? 0) >= 5)
        } else {
            #expect(update["changedDocument"] is NSNull, "\(folder)/\(name)")
        }
    }

    @Test("given contexts are read in the format's shape, one per line")
    func givenContexts() async throws {
        let files = try TemporaryFiles()
        let definitions = try files.write("defs.json", try await demoDefinitions())
        let contexts = try files.write("contexts.jsonl", #"{"kind":"user","key":"a","country":"FR"}"# + "\n\n"
                                           + #"{"kind":"user","key":"b","plan":"pro"}"# + "\n")
        let result = try await CLIRunner.run(["bench", "--definitions", definitions, "--contexts", contexts,
                                              "--seconds", "0.1", "--threads", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try json(result.stdout)
        #expect(report["contexts"] as? Int == 2)
        #expect(report["generatedContexts"] as? Bool == false)
    }

    @Test("bad input ends it with a message and exit status 1: an unknown flag, a bad context line, no file, bad numbers")
    func refusals() async throws {
        let files = try TemporaryFiles()
        let definitions = try files.write("defs.json", try await demoDefinitions())
        let unknown = try await CLIRunner.run(["bench", "--definitions", definitions, "--flags", "nope", "--seconds", "0.1"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("burgee bench: no flag 'nope' in the definitions"))
        let badLine = try files.write("bad.jsonl", "{\"key\":\"a\"}\n{not json\n")
        let bad = try await CLIRunner.run(["bench", "--definitions", definitions, "--contexts", badLine, "--seconds", "0.1"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("line 2 is not a JSON context"))
        let missing = try await CLIRunner.run(["bench", "--definitions", files.directory.appendingPathComponent("none.json").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read"))
        let malformed = try await CLIRunner.run(["bench", "--definitions", "-", "--seconds", "0.1"], stdin: "{\"flags\": ")
        #expect(malformed.status == 1)
        for arguments in [["--seconds", "0"], ["--threads", "0"], ["--generate", "-1"]] {
            let refused = try await CLIRunner.run(["bench", "--definitions", definitions] + arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
        }
    }
}
