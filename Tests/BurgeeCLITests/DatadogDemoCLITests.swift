import Testing

/// `burgee demo --format datadog` run as people run it: its output pins what the demo claims (the
/// values, reasons and allocations Datadog's calls answer, the change that arrived by polling,
/// the exposures the server counted).
@Suite("burgee demo --format datadog")
struct DatadogDemoCLITests {
    @Test("serves Datadog's CDN and intake, answers Datadog's calls, sees a flag disabled and counts deduplicated exposures")
    func demo() async throws {
        let result = try await CLIRunner.run(["demo", "--format", "datadog"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("A client polls it as its agentless base URL: 4 flags, status valid."))
        #expect(out.contains("""
            alice: targetingKey user-alice, attributes {"country":"FR","email":"alice@example.com","seats":12}
              new-checkout  true  variant on, TARGETING_MATCH, allocation staff
              banner-text   Bienvenue  variant fr, TARGETING_MATCH, allocation france
              max-items     100  variant pro, TARGETING_MATCH, allocation pro-plans
              theme         {"accent":"teal","background":"#111"}  variant dark, STATIC, allocation all
            """))
        // The 50/50 split by MD5 shards: bob's shard is 9221, dave's 4783.
        #expect(out.contains("bob: targetingKey user-bob, attributes {\"country\":\"US\",\"email\":\"bob@mail.test\",\"seats\":3}\n"
            + "  new-checkout  false  variant off, SPLIT, allocation rollout-50\n"))
        #expect(out.contains("dave: targetingKey user-dave, attributes {\"country\":\"BE\"}\n"
            + "  new-checkout  true  variant on, SPLIT, allocation rollout-50\n"))
        #expect(out.contains("stringValue of the INTEGER flag max-items: none (ERROR, TYPE_MISMATCH)"))
        #expect(out.contains(#"Update event: changed flags ["new-checkout"]"#))
        #expect(out.contains("  new-checkout  false  variant -, DISABLED, allocation -\n"))
        // Every call twice, three subjects: new-checkout and theme log (doLog), each pair once.
        #expect(out.contains("The server received 1 exposure post (POST /evp_proxy/v2/api/v2/exposures) with 6 exposures: "
            + "new-checkout 3, theme 3;"))
    }

    @Test("--show-definitions prints a configuration that validates as Datadog's")
    func showDefinitions() async throws {
        let shown = try await CLIRunner.run(["demo", "--format", "datadog", "--show-definitions"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let validated = try await CLIRunner.run(["validate", "--format", "datadog", "-"], stdin: shown.stdout)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(validated.stdout.contains("4 flags (0 malformed)"))
    }
}
