import Foundation
import Testing

/// The commands' help describes every registered format and lists every demonstration: the parts
/// that name formats are assembled from the registries, so a format added is described wherever
/// formats are. The formats are read from the help itself (`--format`'s values and display names),
/// so that these tests follow the registry.
@Suite("the commands' help follows the registries")
struct RegistryHelpTests {
    /// The display names of the formats listed today, in registry order: the registry may grow.
    static let knownDisplayNames = ["native Burgee", "Unleash", "LaunchDarkly", "flagd", "Split", "Kameleoon", "Datadog", "Eppo"]

    /// A command's help, its white space collapsed (the help is wrapped to the terminal's width).
    static func help(_ arguments: [String]) async throws -> String {
        let result = try await CLIRunner.run(arguments + ["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The help's overview: the abstract and the discussion, before the usage line.
    static func overview(_ help: String) throws -> Substring {
        let start = try #require(help.range(of: "OVERVIEW:"))
        let end = try #require(help.range(of: "USAGE:"))
        return help[start.upperBound..<end.lowerBound]
    }

    /// The values an option lists in its help: `(values: a, b, c; default: a)`.
    static func values(in help: String, default value: String) throws -> [String] {
        let start = try #require(help.range(of: "(values: "))
        let end = try #require(help.range(of: "; default: \(value))", range: start.upperBound..<help.endIndex))
        return help[start.upperBound..<end.lowerBound].components(separatedBy: ", ")
    }

    /// The registered formats' display names, from `eval --help`'s sentence listing them.
    static func displayNames() async throws -> [String] {
        let help = try await Self.help(["eval"])
        let lead = "definitions of every format it lists can be evaluated: "
        let start = try #require(help.range(of: lead))
        let end = try #require(help.range(of: ".", range: start.upperBound..<help.endIndex))
        let list = help[start.upperBound..<end.lowerBound]
        let last = try #require(list.range(of: " and ", options: .backwards))
        return list[..<last.lowerBound].components(separatedBy: ", ") + [String(list[last.upperBound...])]
    }

    @Test("eval's help names one display name per registered format, today's among them")
    func registeredFormats() async throws {
        let names = try await Self.displayNames()
        let formats = try Self.values(in: try await Self.help(["eval"]), default: "auto").filter { $0 != "auto" }
        #expect(names.count == formats.count, "\(names) for \(formats)")
        #expect(Set(names).count == names.count)
        #expect(Array(names.prefix(Self.knownDisplayNames.count)) == Self.knownDisplayNames)
    }

    @Test("eval's help has a paragraph on each registered format: its contexts and its result line")
    func eval() async throws {
        let overview = try Self.overview(try await Self.help(["eval"]))
        for name in try await Self.displayNames() {
            #expect(overview.contains("For \(name) definitions"), "no paragraph on \(name): \(overview)")
        }
        #expect(overview.contains(#""unleash":{"enabled", "variant""#))
        #expect(overview.contains(#""kameleoon":{"variationKey""#))
        #expect(overview.contains(#""datadog":{"value", "variant""#))
        #expect(overview.contains(#""eppo":{"flagEvaluationCode""#))
    }

    @Test("explain's, validate's and serve's help name each registered format", arguments: [
        ("explain", "can be explained: "), ("validate", "can be validated: "), ("serve", "With "),
    ])
    func others(_ command: String, _ lead: String) async throws {
        let overview = try Self.overview(try await Self.help([command]))
        for name in try await Self.displayNames() {
            #expect(overview.contains(name), "\(command) --help does not name \(name): \(overview)")
        }
        #expect(overview.contains(lead))
    }

    @Test("serve's help has a paragraph on the API each registered format is served in")
    func serve() async throws {
        let overview = try Self.overview(try await Self.help(["serve"]))
        for name in try await Self.displayNames() {
            #expect(overview.contains("With \(name) definitions ("), "no paragraph on \(name): \(overview)")
        }
    }

    @Test("--now's help says what each format that reads a clock times with it")
    func clock() async throws {
        let help = try await Self.help(["eval"])
        for part in ["Unleash DATE_AFTER/DATE_BEFORE", "flagd's $flagd.timestamp", "Kameleoon's visits",
                     "(without --now, 2026-03-01T12:00:00Z)", "Datadog's allocations", "Eppo's allocations"] {
            #expect(help.contains(part), "\(part): \(help)")
        }
    }

    @Test("demo's help lists every demonstration with what it shows, and each prints its bundled definitions")
    func demos() async throws {
        let help = try await Self.help(["demo"])
        let demos = try Self.values(in: help, default: "native")
        #expect(demos == ["native", "unleash", "split", "kameleoon", "datadog"])
        #expect(help.contains("The bundled definitions to demonstrate: native (Burgee's own, streamed), unleash ("))
        for demo in demos {
            #expect(help.contains(" \(demo) ("), "\(demo) is not described: \(help)")
            let shown = try await CLIRunner.run(["demo", "--format", demo, "--show-definitions"])
            #expect(shown.status == 0, "\(shown.stderr)")
            let validated = try await CLIRunner.run(["validate", "-"], stdin: shown.stdout)
            #expect(validated.status == 0, "\(demo): \(validated.stdout)\(validated.stderr)")
        }
        let unknown = try await CLIRunner.run(["demo", "--format", "bogus"])
        #expect(unknown.status == 64)
        for demo in demos {
            // Listed inline ('native', …) or one per line (- native), as the parser chooses by their number.
            #expect(unknown.stderr.contains("'\(demo)'") || unknown.stderr.contains("- \(demo)\n"), "\(unknown.stderr)")
        }
    }

    @Test("the options only one format reads keep their names and checks")
    func vendorOptions() async throws {
        let eval = try await Self.help(["eval"])
        #expect(eval.contains("--flagd-fractional <flagd-fractional> flagd's fractional rule: v2 (the default), v1 or cbor."))
        #expect(eval.contains("--definitions <definitions> The definitions file (JSON, see --format), or - for standard input; "
                              + "flagd documents may be given more than once."))
        let refused = try await CLIRunner.run(["eval", "--definitions", "x.json", "--flag", "f", "--context", "{}",
                                               "--flagd-fractional", "v3"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--flagd-fractional is v2, v1 or cbor, not 'v3'"), "\(refused.stderr)")
        let serve = try await Self.help(["serve"])
        #expect(serve.contains("--kameleoon-visitors <kameleoon-visitors> With Kameleoon definitions: a JSON object file"))
        #expect(serve.contains("--frontend-key <key> With Unleash definitions: require this key"))
        #expect(serve.contains("GET /api/frontend (the context in the query"))
    }
}
