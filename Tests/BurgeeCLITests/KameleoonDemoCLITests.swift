import Foundation
import Testing

/// `burgee demo --format kameleoon` run as people run it: its output pins what the demo claims
/// (the variations served, the change that arrived by the real-time stream, the tracking the
/// server counted), so that a regression anywhere along the way shows here.
@Suite("burgee demo --format kameleoon")
struct KameleoonDemoCLITests {
    @Test("serves Kameleoon's services, evaluates stateful visitors, receives a change through /sse and counts the tracking")
    func demo() async throws {
        let result = try await CLIRunner.run(["demo", "--format", "kameleoon"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("3 flags, status valid"))
        #expect(out.contains("  getVariation ff_new_checkout without data: off (default variation)\n"))
        #expect(out.contains(#"  addData(.customData(index: 1, values: ["pro"])), getVariation ff_new_checkout: on, id 1003 (TARGETED_DELIVERY, experiment 1002)"#))
        #expect(out.contains(#"    variables: button = "green" (STRING), layout = {"express":true,"steps":1} (JSON)"#))
        #expect(out.contains("  setLegalConsent(false), getVariation ff_pricing_test: control (default variation), consent refused\n"))
        #expect(out.contains("  setLegalConsent(true),  getVariation ff_pricing_test: discount, id 2005 (EXPERIMENTATION, experiment 2002)\n"))
        #expect(out.contains("  getVariations: ff_new_checkout on, ff_pricing_survey on, ff_pricing_test discount "))
        // The visitor the Data API knows: nothing locally, then its plan from a previous visit.
        #expect(out.contains("""
              getVariation ff_new_checkout: off (default variation)
              getRemoteVisitorData, getVariation ff_new_checkout: on, id 1003 (TARGETED_DELIVERY, experiment 1002)

            """))
        // Polling is hourly: the change can only have come by the stream, which fetched with its ts.
        #expect(out.contains("(configuration-update-event on /sse, then GET /v3/demo?environment=production&ts="))
        #expect(out.contains(#"changed flags ["ff_new_checkout"]"#))
        #expect(out.contains(#"  getFeatureVariable ff_new_checkout button for visitor-7: "blue""#))
        // The assignments with a variation id (the defaults have none), the conversion, and the
        // custom data added before consent, sent by the run that found consent given.
        #expect(out.contains("The server received 1 tracking post (POST /visit/events, authorized by POST /oauth/token): "
            + "conversion 1, customData 1, experiment 4 "))
    }

    @Test("--show-definitions prints a configuration that validates as Kameleoon's")
    func showDefinitions() async throws {
        let shown = try await CLIRunner.run(["demo", "--format", "kameleoon", "--show-definitions"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains(#""realTimeUpdate": true"#))
        let validated = try await CLIRunner.run(["validate", "--format", "kameleoon", "-"], stdin: shown.stdout)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(validated.stdout.contains("3 flags (0 malformed)"))
    }
}
