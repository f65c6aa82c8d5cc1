import Foundation
import Testing

@Suite("--format on the commands that read definitions")
struct FormatOptionTests {
    static let unleash = #"""
    {"version":2,"features":[{"name":"new-checkout","type":"release","enabled":true,"project":"default",
      "strategies":[{"name":"default","constraints":[],"parameters":{}}],"variants":[]}],"segments":[]}
    """#

    static let launchDarkly = #"""
    {"flags":{"f":{"key":"f","version":1,"on":true,"variations":[true,false],"offVariation":1,
      "fallthrough":{"variation":0},"targets":[],"rules":[],"prerequisites":[],"salt":"s"}},"segments":{}}
    """#

    static let flagd = #"""
    {"flags":{"f":{"state":"ENABLED","variants":{"on":true,"off":false},"defaultVariant":"on"}}}
    """#

    static let requests = """
    {"flag":"feature","context":{"key":"u","country":"FR"},"type":"boolean","default":false}
    {"flag":"split","context":{"key":"u-1"}}
    {"flag":"dark","context":{"key":"u"},"default":7}
    """

    /// The command line of each command that reads `path`, with `extra` arguments.
    static func commandLine(_ command: String, _ path: String, _ extra: [String]) -> [String] {
        switch command {
        case "eval": return ["eval", "--definitions", path, "--flag", "f", "--context", #"{"key":"u"}"#] + extra
        case "explain": return ["explain", "--definitions", path, "--flag", "f", "--context", #"{"key":"u"}"#] + extra
        case "validate": return ["validate", path] + extra
        default: return ["serve", "--definitions", path, "--port", "0"] + extra
        }
    }

    /// Runs a command; a `serve` that starts serving instead of failing is stopped after
    /// `seconds`, so that the test fails rather than waits.
    static func run(_ arguments: [String], within seconds: Double = 30) async throws -> CLIRunner.Outcome {
        guard arguments.first == "serve" else { return try await CLIRunner.run(arguments) }
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = ContinuousClock.now + .seconds(seconds)
        // A bounded wait for the exit: a subprocess has no clock of the test's to advance.
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
        let outData = try out.fileHandleForReading.readAll()
        let errData = try err.fileHandleForReading.readAll()
        process.waitUntilExit()
        return CLIRunner.Outcome(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                                 stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test("--format native and --format auto read a native file exactly as without --format", arguments: [
        ["--format", "native"], ["--format", "auto"], ["--format", "NATIVE"], ["--format=auto"],
    ])
    func nativeAsBefore(_ format: [String]) async throws {
        let files = try TemporaryFiles()
        let defs = try files.write("defs.json", CLITests.definitions)
        let requests = try files.write("requests.jsonl", Self.requests)
        let before = try await CLIRunner.run(["eval", "--definitions", defs, "--requests", requests])
        let batch = try await CLIRunner.run(["eval", "--definitions", defs, "--requests", requests] + format)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.lines.count == 3)
        #expect(batch.lines == before.lines)
        #expect(batch.lines.first == #"{"flag":"feature","value":true,"variation":"on","variationIndex":1,"reason":{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"fr"}}"#)

        let explain = try await CLIRunner.run(["explain", "--definitions", defs, "--flag", "feature", "--context", #"{"key":"u","country":"DE"}"#] + format)
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.contains(#"result: false (variation 'off', index 0) reason {"kind":"FALLTHROUGH"}"#))

        let validate = try await CLIRunner.run(["validate", defs] + format)
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.contains("3 flags (0 malformed), 0 segments: 0 errors, 0 warnings"))
    }

    @Test("burgee serve --format native serves a native file")
    func serveNative() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", ServeCommandTests.definitions)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--format", "native"])
        let serving = try #require(await serve.waitUntilServing())
        let definitions = try await ServeCommandTests.get(serving.baseURL + "/definitions")
        #expect(definitions.status == 200)
        #expect(definitions.body.contains(#""feature":{"#))
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("burgee serve with an Unleash file speaks Unleash's client API, detected or given", arguments: [[], ["--format", "unleash"]])
    func serveUnleash(_ format: [String]) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("features.json", Self.unleash)
        let serve = try ServeProcess(["--definitions", path, "--port", "0"] + format)
        let serving = try #require(await serve.waitUntilServing())
        #expect(serving.line.hasPrefix("Serving Unleash definitions from \(path) at http://"))
        #expect(serving.baseURL.hasSuffix("/api"))
        let features = try await ServeCommandTests.get(serving.baseURL + "/client/features")
        #expect(features.status == 200)
        #expect(features.body.contains(#""name":"new-checkout""#))
        let native = try await ServeCommandTests.get(serving.baseURL.replacingOccurrences(of: "/api", with: "/definitions"))
        #expect(native.status == 404)
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("burgee serve with a LaunchDarkly file speaks LaunchDarkly's SDK protocol, detected or given",
          arguments: [[], ["--format", "launchdarkly"]])
    func serveLaunchDarkly(_ format: [String]) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", Self.launchDarkly)
        let serve = try ServeProcess(["--definitions", path, "--port", "0"] + format)
        let serving = try #require(await serve.waitUntilServing())
        #expect(serving.line.hasPrefix("Serving LaunchDarkly definitions from \(path) at http://"))
        let latest = try await ServeCommandTests.get(serving.baseURL + "/sdk/latest-all")
        #expect(latest.status == 200)
        #expect(latest.body.hasPrefix(#"{"flags":{"f":{"#))
        let native = try await ServeCommandTests.get(serving.baseURL + "/definitions")
        #expect(native.status == 404)
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("burgee serve with a flagd file serves the document at /definitions, detected or given",
          arguments: [[], ["--format", "flagd"]])
    func serveFlagd(_ format: [String]) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("flagd.json", Self.flagd)
        let serve = try ServeProcess(["--definitions", path, "--port", "0"] + format)
        let serving = try #require(await serve.waitUntilServing())
        #expect(serving.line.hasPrefix("Serving flagd definitions from \(path) at http://"))
        let baseURL = serving.baseURL.replacingOccurrences(of: "/definitions", with: "")
        let document = try await ServeCommandTests.get(baseURL + "/definitions")
        #expect(document.status == 200)
        #expect(document.body.contains(#""defaultVariant":"on""#))
        #expect(try await ServeCommandTests.get(baseURL + "/stream").status == 404)
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("eval --requests with a LaunchDarkly file reads LaunchDarkly contexts and writes LaunchDarkly reasons")
    func launchDarklyBatch() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", Self.launchDarkly)
        let requests = #"{"flag":"f","context":{"key":"u-1","custom":{"a":1}}}"# + "\n" + #"{"flag":"f","context":{"key":1}}"#
        for format in [[], ["--format", "launchdarkly"]] {
            let result = try await CLIRunner.run(["eval", "--definitions", path, "--requests", "-"] + format, stdin: requests)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == #"{"flag":"f","value":true,"variation":"0","variationIndex":0,"reason":{"kind":"FALLTHROUGH"}}"# + "\n"
                    + #"{"flag":"f","value":null,"variation":null,"variationIndex":null,"reason":{"kind":"ERROR","errorKind":"INVALID_CONTEXT"}}"# + "\n")
        }
    }

    @Test("an unknown --format is a usage error listing the choices", arguments: ["eval", "explain", "validate", "serve"])
    func unknownFormat(_ command: String) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", CLITests.definitions)
        let result = try await Self.run(Self.commandLine(command, path, ["--format", "bogus"]))
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'bogus'"), "\(result.stderr)")
        for choice in ["native", "unleash", "launchdarkly", "flagd", "split", "auto"] {
            // Listed inline ('native', …) or one per line (- native), as the parser chooses by their number.
            #expect(result.stderr.contains("'\(choice)'") || result.stderr.contains("- \(choice)\n"), "\(result.stderr)")
        }
    }

    @Test("a given format that the file is not of is refused with what was expected", arguments: ["eval", "explain", "validate", "serve"])
    func wrongFormat(_ command: String) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", CLITests.definitions)
        let result = try await Self.run(Self.commandLine(command, path, ["--format", "launchdarkly"]))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(#"not LaunchDarkly definitions: the document has "formatVersion" (native Burgee); "#
                                       + #"LaunchDarkly definitions are an object with "flags" whose flags have "on" and "variations""#),
                "\(result.stderr)")
        #expect(!result.stderr.contains("not supported yet"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test("a file whose format cannot be told is refused with the formats it could be", arguments: [
        ("validate", #"{"flags":{}}"#, "it could be launchdarkly, flagd or datadog"),
        ("validate", "{}", "it could be native, unleash, launchdarkly, flagd, split, kameleoon, datadog or eppo"),
        ("validate", #"{"formatVersion":1,"features":[]}"#, "it could be native or unleash"),
        ("eval", #"{"flags":{}}"#, "it could be launchdarkly, flagd or datadog"),
        ("serve", #"{"flags":{}}"#, "it could be launchdarkly, flagd or datadog"),
    ])
    func undetectable(_ command: String, _ text: String, _ candidates: String) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("unknown.json", text)
        let result = try await Self.run(Self.commandLine(command, path, []))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot tell the definitions format: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(candidates + "\n"), "\(result.stderr)")
    }

    @Test("a given format settles a file whose format cannot be told")
    func givenFormatSettles() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("both.json", #"{"formatVersion":1,"features":[],"flags":{}}"#)
        let native = try await CLIRunner.run(["validate", path, "--format", "native"])
        #expect(native.status == 0, "\(native.stderr)")
        #expect(native.stdout.contains("0 flags (0 malformed), 0 segments: 0 errors, 0 warnings"))
        let unleash = try await CLIRunner.run(["validate", path, "--format", "unleash"])
        #expect(unleash.status == 0, "\(unleash.stderr)")
        #expect(unleash.stdout.contains("0 flags (0 malformed), 0 segments: 0 errors, 0 warnings"))
    }

    @Test("Unleash definitions: eval reads Unleash contexts and adds the unleash member; validate warns with paths")
    func unleash() async throws {
        let files = try TemporaryFiles()
        let document = #"""
        {"version":2,"features":[
          {"name":"f","enabled":true,"strategies":[{"name":"default","constraints":[
            {"contextName":"currentTime","operator":"DATE_AFTER","value":"2025-01-01T00:00:00Z"}]}],
           "variants":[{"name":"blue","weight":1,"payload":{"type":"string","value":"x"}}]},
          {"name":"g","enabled":true,"strategies":[{"name":"mine"}]}]}
        """#
        let path = try files.write("unleash.json", document)
        let requests = try files.write("requests.jsonl", #"{"flag":"f","context":{"userId":"u-1"}}"# + "\n"
                                       + #"{"flag":"missing","context":{}}"# + "\n"
                                       + #"{"flag":"g","context":{}}"# + "\n")
        let later = try await CLIRunner.run(["eval", "--definitions", path, "--requests", requests, "--now", "2026-01-01T00:00:00Z"])
        #expect(later.status == 0, "\(later.stderr)")
        let lines = later.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.contains(#""value":true"#) == true)
        // `value` is the isEnabled answer: false for an unknown toggle, not the (null) default.
        #expect(lines[1].hasPrefix(#"{"flag":"missing","value":false,"variation":null"#), "\(lines[1])")
        #expect(lines.first?.contains(#""unleash":{"enabled":true,"variant":{"enabled":true,"feature_enabled":true,"name":"blue","payload":{"type":"string","value":"x"}}}"#) == true, "\(later.stdout)")
        #expect(lines.last?.contains(#""unleash":{"enabled":false,"variant":{"enabled":false,"feature_enabled":false,"name":"disabled"}}"#) == true)
        let earlier = try await CLIRunner.run(["eval", "--definitions", path, "--flag", "f", "--context", "{}", "--now", "2024-01-01T00:00:00Z", "--json"])
        #expect(earlier.stdout.contains(#""value":false"#), "\(earlier.stdout)")
        let validate = try await CLIRunner.run(["validate", path])
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("warning flag 'g' at /features/1/strategies/0/name: custom strategy 'mine' passes only where the client registers it; elsewhere it never passes"))
        let badNow = try await CLIRunner.run(["eval", "--definitions", path, "--flag", "f", "--context", "{}", "--now", "yesterday"])
        #expect(badNow.status != 0)
    }

    @Test("every command's help shows --format and its choices", arguments: ["eval", "explain", "validate", "serve"])
    func help(_ command: String) async throws {
        let result = try await CLIRunner.run([command, "--help"])
        #expect(result.status == 0)
        // The help is wrapped to the terminal's width.
        let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // The usage line names it, unless it is long enough that ArgumentParser folds the
        // options into `[<options>]` (or `<options>` when one of two is needed: serve's
        // --definitions or --upstream); the options' list below names it either way.
        #expect(text.contains("[--format <format>]") || text.contains("burgee \(command) [<options>]")
                    || text.contains("burgee \(command) <options>"), "\(result.stdout)")
        #expect(text.contains("--format <format> The definitions format, or auto to tell it from the document's shape."), "\(result.stdout)")
        #expect(text.contains("(values: native, unleash, launchdarkly, flagd, split, kameleoon, datadog, eppo, auto; default: auto)"), "\(result.stdout)")
    }
}
