import Burgee
import BurgeeCore
import BurgeeServer
import Testing
@testable import BurgeeKameleoon

/// Kameleoon's tracking as Kameleoon's SDKs send it, posted to the project's server in Kameleoon
/// mode on loopback: what visitors hold until a tracking run, consent decided by the run,
/// replacements, and each line's parameters.
@Suite("Kameleoon tracking")
struct KameleoonTrackingTests {
    /// One flag without rules, custom data 1 (`plan`) and 2 (`user`, the mapping identifier).
    static func document(consent: String = "NOT_REQUIRED", holdout: Bool = false) -> String {
        #"""
        {"configuration": {"realTimeUpdate": false, "consentType": "\#(consent)"},
         "customData": [{"id": 1, "index": 0, "name": "plan", "localOnly": false, "scope": "VISITOR"},
                        {"id": 2, "index": 3, "name": "user", "localOnly": false, "scope": "VISITOR", "isMappingIdentifier": true}],
         "segments": [],
         \#(holdout ? #""holdout": {"experimentId": 900, "variationByExposition": [{"variationKey": "off", "variationId": 901, "exposition": 1}]},"# : "")
         "featureFlags": [{"id": 11, "featureKey": "ff_b", "defaultVariationKey": "off", "environmentEnabled": true,
                           "variations": [{"key": "off"}, {"key": "on"}], "rules": []}],
         "dateModified": 4}
        """#
    }

    /// Runs `body` with a client of Kameleoon's calls over `json` whose tracking goes to a
    /// loopback server; returns the lines the server received, each as its sorted parameters
    /// without the nonce (`eventType=… …`).
    private func tracked(_ json: String, _ body: (KameleoonView) async throws -> Void) async throws -> [String] {
        try await LoopbackServer.withServer(json, configure: { $0.format = .kameleoon }) { running in
            let configuration = BurgeeClient.Configuration.kameleoon(
                definitions: .json(json, format: .kameleoon), siteCode: "site1", trackingBaseURL: running.baseURL,
                trackingInterval: .seconds(3600), logger: TestFiles.quietLogger)
            return try await TestFiles.withClient(configuration) { client in
                client.start()
                #expect(await client.waitUntilReady(timeout: .seconds(10)))
                try await body(client.kameleoon)
                #expect(client.eventDiagnostics.droppedDelivery == 0)
                return running.server.kameleoonTrackingPosts.flatMap(\.events).map { event in
                    event.filter { $0.key != "nonce" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                        .joined(separator: " ")
                }
            }
        }
    }

    @Test func aTrackedVisitorWithNothingElseToSendSendsAnActivityLine() async throws {
        let lines = try await tracked(Self.document()) { kameleoon in
            _ = try kameleoon.getVariation(visitorCode: "carol", featureKey: "ff_b")
            await kameleoon.flush()
        }
        #expect(lines == ["eventType=activity visitorCode=carol"])
        // Where consent is required, a visitor without it sends nothing.
        let withoutConsent = try await tracked(Self.document(consent: "REQUIRED")) { kameleoon in
            _ = try kameleoon.getVariation(visitorCode: "carol", featureKey: "ff_b")
            await kameleoon.flush()
        }
        #expect(withoutConsent.isEmpty)
    }

    @Test func theHoldoutsAssignmentIsTrackedOnEveryEvaluation() async throws {
        let lines = try await tracked(Self.document(holdout: true)) { kameleoon in
            // Saved as tracked even with `track: false`; `flush()` tracks the visitor holding it.
            _ = try kameleoon.getVariation(visitorCode: "alice", featureKey: "ff_b", track: false)
            await kameleoon.flush()
        }
        #expect(lines == ["eventType=experiment id=900 variationId=901 visitorCode=alice"])
    }

    @Test func consentIsDecidedWhenTheTrackingRuns() async throws {
        let lines = try await tracked(Self.document(consent: "REQUIRED")) { kameleoon in
            // Added before consent was given: sent once it is.
            try kameleoon.addData(visitorCode: "v1", .customData(index: 0, values: ["pro"]))
            try kameleoon.setLegalConsent(visitorCode: "v1", consent: true)
            // Added with consent, then withdrawn: held back, but the conversion leaves.
            try kameleoon.setLegalConsent(visitorCode: "v2", consent: true)
            try kameleoon.addData(visitorCode: "v2", .device("PHONE"))
            try kameleoon.trackConversion(visitorCode: "v2", goalId: 7)
            try kameleoon.setLegalConsent(visitorCode: "v2", consent: false)
            await kameleoon.flush()
        }
        #expect(lines.sorted() == [
            "eventType=conversion goalId=7 negative=false revenue=0 visitorCode=v2",
            #"eventType=customData index=0 overwrite=true valuesCountMap={"pro":1} visitorCode=v1"#,
        ])
    }

    @Test func aVisitorHoldsOnePageViewPerURLAndOneBrowser() async throws {
        let lines = try await tracked(Self.document()) { kameleoon in
            try kameleoon.addData(visitorCode: "v1", .pageView(url: "https://a.example/p", title: "First"),
                                  .pageView(url: "https://a.example/q"), .browser("FIREFOX"))
            // The same URL again replaces the unsent view, title and all; a later browser replaces
            // the earlier one whatever its parameters.
            try kameleoon.addData(visitorCode: "v1", .pageView(url: "https://a.example/p", title: "Second"),
                                  .browser("CHROME", version: 120))
            await kameleoon.flush()
        }
        #expect(lines == [
            "browserIndex=0 browserVersion=120 eventType=staticData visitorCode=v1",
            "eventType=page href=https://a.example/p title=Second visitorCode=v1",
            // Without a title, none is written.
            "eventType=page href=https://a.example/q visitorCode=v1",
        ])
    }

    @Test func linesCarryWhatKameleoonsSDKsWrite() async throws {
        let lines = try await tracked(Self.document()) { kameleoon in
            // A browser of version 0 has no version; custom data without values is sent empty.
            try kameleoon.addData(visitorCode: "v1", .userAgent("curl/8.0"), .browser("SAFARI", version: 0),
                                  .customData(index: 0, values: []))
            await kameleoon.flush()
        }
        // The user agent goes on the visitor's first line of the request.
        #expect(lines == [
            "browserIndex=3 eventType=staticData userAgent=curl/8.0 visitorCode=v1",
            "eventType=customData index=0 overwrite=true valuesCountMap={} visitorCode=v1",
        ])
    }

    @Test func aMappingIdentifiersDatumIsMarkedAndSentWithEveryRequest() async throws {
        let lines = try await tracked(Self.document()) { kameleoon in
            try kameleoon.addData(visitorCode: "v1", .customData(index: 3, values: ["u-42"]))
            await kameleoon.flush()
            _ = try kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_b")
            await kameleoon.flush()
        }
        let line = #"eventType=customData index=3 mappingIdentifier=true overwrite=true valuesCountMap={"u-42":1} visitorCode=v1"#
        #expect(lines.filter { $0.hasSuffix("visitorCode=v1") } == [line, line])
    }

    @Test func aMappingIdentifiersValueCallsTheSameVisitor() async throws {
        let lines = try await tracked(Self.document()) { kameleoon in
            // u-42 had data of its own: the link replaces it with v1's visitor.
            try kameleoon.addData(visitorCode: "u-42", .device("TABLET"))
            try kameleoon.addData(visitorCode: "v1", .customData(index: 3, values: ["u-42"]), .device("PHONE"))
            // Data added under either code is the one visitor's, tracked under both codes.
            try kameleoon.addData(visitorCode: "u-42", .customData(index: 0, values: ["pro"]))
            await kameleoon.flush()
        }
        for code in ["v1", "u-42"] {
            #expect(lines.filter { $0.hasSuffix("visitorCode=\(code)") }.sorted() == [
                "deviceType=PHONE eventType=staticData visitorCode=" + code,
                #"eventType=customData index=0 overwrite=true valuesCountMap={"pro":1} visitorCode="# + code,
                #"eventType=customData index=3 mappingIdentifier=true overwrite=true valuesCountMap={"u-42":1} visitorCode="# + code,
            ])
        }
        #expect(lines.count == 6)
    }

    @Test func untrackedCallsStayLocal() async throws {
        let lines = try await tracked(KameleoonDocuments.standard()) { kameleoon in
            try kameleoon.setLegalConsent(visitorCode: "v2", consent: true)
            try kameleoon.addData(visitorCode: "v2", .browser("CHROME", version: 120), track: false)
            _ = try kameleoon.getVariation(visitorCode: "v2", featureKey: "ff_exp", track: false)
            await kameleoon.flush()
        }
        // `flush()` tracks the visitor, which holds nothing unsent: its activity alone.
        #expect(lines == ["eventType=activity visitorCode=v2"])
    }
}
