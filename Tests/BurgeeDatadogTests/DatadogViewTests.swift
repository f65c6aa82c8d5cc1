import Burgee
import BurgeeCore
import BurgeeTesting
import Testing
@testable import BurgeeDatadog

/// `client.datadog` and `client.eppo`: Datadog's and Eppo's calls over a UFC configuration, their
/// reasons and errors, Datadog's exposures (deduplicated) and Eppo's assignment logger.
@Suite("Datadog and Eppo views")
struct DatadogViewTests {
    static let pro = DatadogEvaluationContext(targetingKey: "user-1", attributes: ["plan": "pro"])
    static let free = DatadogEvaluationContext(targetingKey: "user-1", attributes: ["plan": "free"])

    private func client(_ json: String = DatadogDocuments.standard(), format: DefinitionsFormat = .datadog,
                        _ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) async throws
        -> (BurgeeClient, InMemoryEventSink)
    {
        let sink = InMemoryEventSink()
        var configuration = BurgeeClient.Configuration(source: .bootstrap(.json(json, format: format)), logger: TestClients.quietLogger)
        configuration.events = EventsConfiguration(destination: .inMemory(sink), exposures: .off, flushInterval: .seconds(3600))
        configure(&configuration)
        return (try await TestClients.started(configuration), sink)
    }

    /// The exposures queued, as `flag allocation variant subject serial`.
    private func exposures(_ client: BurgeeClient, _ sink: InMemoryEventSink) async -> [String] {
        await client.flush()
        return sink.customEvents.filter { $0.key == DatadogExposureLog.eventKey }.map { event in
            let p = event.properties
            return [p["flag"]?.objectValue?["key"]?.stringValue, p["allocation"]?.objectValue?["key"]?.stringValue,
                    p["variant"]?.objectValue?["key"]?.stringValue, p["subject"]?.objectValue?["id"]?.stringValue,
                    p["serial_id"].map { $0.serialized() }].map { $0 ?? "-" }.joined(separator: " ")
        }
    }

    @Test func everyTypedCallAnswersAsDatadogsProvider() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        let datadog = client.datadog
        #expect(datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro) == "new")
        #expect(datadog.stringDetails(key: "checkout", defaultValue: "x", context: Self.pro)
            == DatadogFlagDetails(key: "checkout", value: "new", variant: "new", reason: "TARGETING_MATCH", error: nil, allocationKey: "pro"))
        #expect(datadog.stringDetails(key: "checkout", defaultValue: "x", context: Self.free)
            == DatadogFlagDetails(key: "checkout", value: "old", variant: "old", reason: "STATIC", error: nil, allocationKey: "rest"))
        let split = datadog.booleanDetails(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: "user-2"))
        #expect(split == DatadogFlagDetails(key: "rollout", value: true, variant: "on", reason: "SPLIT", error: nil, allocationKey: "half"))
        #expect(!datadog.booleanValue(key: "rollout", defaultValue: true, context: DatadogEvaluationContext(targetingKey: "user-1")))
        #expect(datadog.integerValue(key: "limit", defaultValue: 0, context: Self.pro) == 42)
        #expect(datadog.doubleValue(key: "ratio", defaultValue: 0, context: Self.pro) == 0.5)
        #expect(datadog.objectValue(key: "config", defaultValue: .null, context: Self.pro) == .object(["theme": "dark", "size": 3]))
    }

    @Test func failuresReturnTheDefaultWithDatadogsReasonAndError() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        let datadog = client.datadog
        #expect(datadog.booleanDetails(key: "dark", defaultValue: true, context: Self.pro)
            == DatadogFlagDetails(key: "dark", value: true, variant: nil, reason: "DISABLED", error: nil, allocationKey: nil))
        #expect(datadog.stringDetails(key: "late", defaultValue: "d", context: Self.pro)
            == DatadogFlagDetails(key: "late", value: "d", variant: nil, reason: "DEFAULT", error: nil, allocationKey: nil))
        #expect(datadog.stringDetails(key: "missing", defaultValue: "d", context: Self.pro)
            == DatadogFlagDetails(key: "missing", value: "d", variant: nil, reason: "ERROR", error: .flagNotFound, allocationKey: nil))
        // The variation type decides before any allocation: a STRING flag asked for a boolean.
        #expect(datadog.booleanDetails(key: "checkout", defaultValue: false, context: Self.pro)
            == DatadogFlagDetails(key: "checkout", value: false, variant: nil, reason: "ERROR", error: .typeMismatch, allocationKey: nil))
        #expect(datadog.doubleDetails(key: "limit", defaultValue: 1, context: Self.pro).error == .typeMismatch)
        #expect(datadog.objectDetails(key: "checkout", defaultValue: .null, context: Self.pro).error == .typeMismatch)
        // A split hashes the targeting key: without one it fails; a list attribute is refused.
        #expect(datadog.booleanDetails(key: "rollout", defaultValue: true, context: DatadogEvaluationContext(targetingKey: nil)).error
            == .targetingKeyMissing)
        #expect(datadog.stringDetails(key: "checkout", defaultValue: "d",
                                      context: DatadogEvaluationContext(targetingKey: "u", attributes: ["plan": ["pro"]])).error
            == .invalidContext)
    }

    @Test func beforeAnyConfigurationTheProviderIsNotReady() async throws {
        var configuration = BurgeeClient.Configuration(source: .offline, logger: TestClients.quietLogger)
        configuration.events = nil
        let client = try BurgeeClient(configuration: configuration)
        defer { Task { await client.close() } }
        #expect(client.datadog.stringDetails(key: "checkout", defaultValue: "d", context: Self.pro)
            == DatadogFlagDetails(key: "checkout", value: "d", variant: nil, reason: "ERROR", error: .providerNotReady, allocationKey: nil))
        #expect(client.eppo.getStringAssignment(flagKey: "checkout", subjectKey: "u", defaultValue: "d") == "d")
    }

    @Test func exposuresAreLoggedForDoLogAllocationsOncePerFlagAndSubject() async throws {
        let (client, sink) = try await client()
        defer { Task { await client.close() } }
        let datadog = client.datadog
        for _ in 0..<3 { _ = datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro) }
        // Not logged: an allocation without doLog, a failed call, the default.
        _ = datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.free)
        _ = datadog.booleanValue(key: "checkout", defaultValue: false, context: Self.pro)
        _ = datadog.stringValue(key: "late", defaultValue: "x", context: Self.pro)
        // Another subject, and each split's serial id.
        _ = datadog.stringValue(key: "checkout", defaultValue: "x", context: DatadogEvaluationContext(targetingKey: "user-9", attributes: ["plan": "pro"]))
        _ = datadog.booleanValue(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: "user-2"))
        _ = datadog.booleanValue(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: "user-1"))
        _ = datadog.booleanValue(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: "user-2"))
        #expect(await exposures(client, sink) == [
            "checkout pro new user-1 -", "checkout pro new user-9 -", "rollout half on user-2 7", "rollout half off user-1 8",
        ])
        let first = try #require(sink.customEvents.first?.properties)
        #expect(first["subject"]?.objectValue?["attributes"] == .object(["plan": "pro"]))
    }

    @Test func emptyAllocationAndVariantKeysAreNoneAsToDatadogsProvider() async throws {
        // `pro` (logged) under the allocation key "", and rollout's `on` (logged) under the variant key "".
        let json = DatadogDocuments.standard()
            .replacingOccurrences(of: #"{"key":"pro","doLog":true"#, with: #"{"key":"","doLog":true"#)
            .replacingOccurrences(of: #""on":{"key":"on","value":true},"off""#, with: #""on":{"key":"","value":true},"off""#)
            .replacingOccurrences(of: #"{"variationKey":"on","serialId":7"#, with: #"{"variationKey":"","serialId":7"#)
        let (client, sink) = try await client(json)
        defer { Task { await client.close() } }
        let datadog = client.datadog
        // A "" allocation: the value is served, no exposure logged.
        #expect(datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro) == "new")
        let checkout = datadog.stringDetails(key: "checkout", defaultValue: "x", context: Self.pro)
        #expect(checkout.value == "new" && checkout.variant == "new" && checkout.allocationKey == nil)
        // A "" variant: the caller's default with the evaluation's reason, no exposure logged.
        let onHalf = DatadogEvaluationContext(targetingKey: "user-2")
        #expect(datadog.booleanValue(key: "rollout", defaultValue: false, context: onHalf) == false)
        let rollout = datadog.booleanDetails(key: "rollout", defaultValue: false, context: onHalf)
        #expect(rollout.value == false && rollout.variant == nil && rollout.reason == "SPLIT" && rollout.error == nil)
        // The other half still logs.
        #expect(datadog.booleanValue(key: "rollout", defaultValue: true, context: DatadogEvaluationContext(targetingKey: "user-1")) == false)
        #expect(await exposures(client, sink) == ["rollout half off user-1 8"])
    }

    @Test func aChangedAssignmentIsLoggedAgain() async throws {
        let (client, sink) = try await client()
        defer { Task { await client.close() } }
        let subject = DatadogEvaluationContext(targetingKey: "user-1", attributes: ["plan": "pro"])
        _ = client.datadog.stringValue(key: "checkout", defaultValue: "x", context: subject)
        _ = client.datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.free)
        _ = client.datadog.stringValue(key: "checkout", defaultValue: "x", context: subject)
        _ = client.datadog.stringValue(key: "checkout", defaultValue: "x", context: subject)
        // `rest` does not log and leaves the kept exposure as it was: the third call is a repeat.
        #expect(await exposures(client, sink) == ["checkout pro new user-1 -"])
    }

    @Test func valueCallsAnswerAsTheirDetailsForEveryFlagTypeAndSubject() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        let datadog = client.datadog
        let subjects = [Self.pro, Self.free, DatadogEvaluationContext(targetingKey: "user-2"), DatadogEvaluationContext(targetingKey: nil),
                        DatadogEvaluationContext(targetingKey: "u", attributes: ["plan": ["pro"]])]
        var compared = 0
        for key in ["checkout", "rollout", "limit", "ratio", "config", "dark", "late", "missing"] {
            for subject in subjects {
                #expect(datadog.booleanValue(key: key, defaultValue: true, context: subject)
                    == datadog.booleanDetails(key: key, defaultValue: true, context: subject).value, "\(key)")
                #expect(datadog.stringValue(key: key, defaultValue: "d", context: subject)
                    == datadog.stringDetails(key: key, defaultValue: "d", context: subject).value, "\(key)")
                #expect(datadog.integerValue(key: key, defaultValue: -1, context: subject)
                    == datadog.integerDetails(key: key, defaultValue: -1, context: subject).value, "\(key)")
                #expect(datadog.doubleValue(key: key, defaultValue: -1, context: subject)
                    == datadog.doubleDetails(key: key, defaultValue: -1, context: subject).value, "\(key)")
                #expect(datadog.objectValue(key: key, defaultValue: "d", context: subject)
                    == datadog.objectDetails(key: key, defaultValue: "d", context: subject).value, "\(key)")
                compared += 5
            }
        }
        #expect(compared == 200)
        // Not all defaults: the comparison covers served values of every type.
        #expect(datadog.objectValue(key: "config", defaultValue: "d", context: Self.pro) != "d")
    }

    @Test func aChangedSubjectIsEvaluatedAsChanged() async throws {
        let (client, _) = try await client()
        defer { Task { await client.close() } }
        var subject = Self.free
        #expect(client.datadog.stringValue(key: "checkout", defaultValue: "x", context: subject) == "old")
        subject.attributes["plan"] = "pro"
        #expect(client.datadog.stringValue(key: "checkout", defaultValue: "x", context: subject) == "new")
        #expect(subject == Self.pro)
        #expect(subject.context.contexts.first?.attributes == Self.pro.context.contexts.first?.attributes)
        subject.targetingKey = nil
        #expect(client.datadog.booleanDetails(key: "rollout", defaultValue: true, context: subject).error == .targetingKeyMissing)
        subject.targetingKey = "user-2"
        #expect(client.datadog.booleanValue(key: "rollout", defaultValue: false, context: subject))
        #expect(Set([subject, subject]).count == 1)
    }

    @Test func detailsAndValueCallsShareTheExposureDeduplication() async throws {
        let (client, sink) = try await client()
        defer { Task { await client.close() } }
        _ = client.datadog.stringDetails(key: "checkout", defaultValue: "x", context: Self.pro)
        _ = client.datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro)
        _ = client.datadog.booleanValue(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: "user-2"))
        _ = client.datadog.booleanDetails(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: "user-2"))
        #expect(await exposures(client, sink) == ["checkout pro new user-1 -", "rollout half on user-2 7"])
    }

    @Test func theExposureCacheForgetsTheLeastRecentlyUsedPair() {
        var cache = DatadogExposureCache(capacity: 2)
        let a = DatadogExposureCache.Served(allocation: "a", variant: "on", serialId: .null)
        let b = DatadogExposureCache.Served(allocation: "a", variant: "off", serialId: .null)
        let steps: [(String, String, DatadogExposureCache.Served)] = [
            ("f", "s1", a), ("f", "s1", a), ("f", "s1", b), ("f", "s2", a),
            ("f", "s1", b),  // a repeat: s1 becomes the most recent
            ("g", "s1", a),  // a third pair evicts s2, the least recent
            ("f", "s1", b), ("f", "s2", a),
            ("g", "s1", a),  // g was evicted by the last pair: logged again
        ]
        var admitted: [Bool] = []
        for (flag, subject, served) in steps { admitted.append(cache.admit(flag: flag, subject: subject, served)) }
        #expect(admitted == [true, false, true, true, false, true, false, true, true])
        #expect(cache.count == 2)
    }

    @Test func eppoCallsAnswerAndLogEveryAssignment() async throws {
        let logged = Locked<[EppoAssignmentEvent]>([])
        let (client, _) = try await client(DatadogDocuments.standard(jsonValues: false), format: .eppo) {
            $0.eppoAssignmentLogger = { event in logged.withLock { $0.append(event) } }
        }
        defer { Task { await client.close() } }
        let eppo = client.eppo
        #expect(eppo.getStringAssignment(flagKey: "checkout", subjectKey: "user-1", subjectAttributes: ["plan": "pro"], defaultValue: "x") == "new")
        #expect(eppo.getStringAssignment(flagKey: "checkout", subjectKey: "user-1", subjectAttributes: ["plan": "pro"], defaultValue: "x") == "new")
        #expect(eppo.getStringAssignment(flagKey: "checkout", subjectKey: "user-1", defaultValue: "x") == "old")
        #expect(eppo.getBooleanAssignment(flagKey: "rollout", subjectKey: "user-2", defaultValue: false))
        #expect(eppo.getIntegerAssignment(flagKey: "limit", subjectKey: "user-1", defaultValue: 0) == 42)
        #expect(eppo.getNumericAssignment(flagKey: "ratio", subjectKey: "user-1", defaultValue: 0) == 0.5)
        #expect(eppo.getJSONAssignment(flagKey: "config", subjectKey: "user-1", defaultValue: .null) == .object(["theme": "dark", "size": 3]))
        #expect(eppo.getBooleanAssignment(flagKey: "checkout", subjectKey: "user-1", defaultValue: true))  // type mismatch: the default
        #expect(eppo.getStringAssignment(flagKey: "missing", subjectKey: "user-1", defaultValue: "d") == "d")
        let events = logged.withLock { $0 }
        // No deduplication, as Eppo's SDKs: both `pro` assignments; `rest` and `limit` do not log.
        #expect(events.map { "\($0.featureFlag) \($0.allocation) \($0.variation) \($0.subject)" } == [
            "checkout pro new user-1", "checkout pro new user-1", "rollout half on user-2", "config all v user-1",
        ])
        let first = try #require(events.first)
        #expect(first.experiment == "checkout-pro")
        #expect(first.subjectAttributes == ["plan": "pro"])
        #expect(first.metaData["sdkName"] == "burgee")
        #expect(events.last?.json.objectValue?["holdoutKey"] == "h1")
        let timestamp = try #require(first.json.objectValue?["timestamp"]?.stringValue)
        #expect(timestamp.hasSuffix("Z") && timestamp.count == 24)
    }

    @Test("Eppo's details calls: the assignment, Eppo's evaluation details, and the event logged with them")
    func eppoDetailsCalls() async throws {
        let logged = Locked<[EppoAssignmentEvent]>([])
        let (client, _) = try await client(DatadogDocuments.standard(jsonValues: false), format: .eppo) {
            $0.eppoAssignmentLogger = { event in logged.withLock { $0.append(event) } }
        }
        defer { Task { await client.close() } }
        let eppo = client.eppo
        let matched = eppo.getStringAssignmentDetails(flagKey: "checkout", subjectKey: "user-1", subjectAttributes: ["plan": "pro"],
                                                      defaultValue: "x")
        #expect(matched.variation == "new" && matched.action == nil)
        #expect(matched.flagEvaluationCode == "MATCH")
        #expect(matched.flagEvaluationDescription == #"Supplied attributes match rules defined in allocation "pro"."#)
        let details = try #require(matched.evaluationDetails.objectValue)
        #expect(details["variationKey"] == "new")
        #expect(details["variationValue"] == ["type": "STRING", "value": "new"])
        #expect(details["subjectAttributes"] == ["plan": "pro"])
        #expect(details["allocations"]?.arrayValue?.map { $0.objectValue?["allocationEvaluationCode"] } == ["MATCH", "UNEVALUATED"])
        let rule = details["allocations"]?.arrayValue?.first?.objectValue?["evaluatedRules"]?.arrayValue?.first
        #expect(rule == ["matched": true, "conditions": [["condition": ["attribute": "plan", "operator": "ONE_OF", "value": ["pro"]],
                                                           "attributeValue": "pro", "matched": true]]])
        #expect(details["timestamp"]?.stringValue?.hasSuffix("Z") == true && details["environmentName"] != nil)
        // The rule fails, the rule-less allocation serves `old` (doLog false: no event).
        let rest = eppo.getStringAssignmentDetails(flagKey: "checkout", subjectKey: "user-1", defaultValue: "x")
        #expect(rest.variation == "old")
        #expect(rest.flagEvaluationDescription == #"user-1 belongs to the range of traffic assigned to "old" defined in allocation "rest"."#)
        #expect(rest.evaluationDetails.objectValue?["allocations"]?.arrayValue?.map { $0.objectValue?["allocationEvaluationCode"] }
            == ["FAILING_RULE", "MATCH"])
        // Errors serve the default, with Eppo's codes.
        let mismatch = eppo.getBooleanAssignmentDetails(flagKey: "checkout", subjectKey: "user-1", defaultValue: true)
        #expect(mismatch.variation && mismatch.flagEvaluationCode == "TYPE_MISMATCH")
        #expect(mismatch.flagEvaluationDescription == "Variation value does not have the correct type. Found: String != Boolean for flag checkout")
        let missing = eppo.getIntegerAssignmentDetails(flagKey: "missing", subjectKey: "user-1", defaultValue: 7)
        #expect(missing.variation == 7 && missing.flagEvaluationCode == "FLAG_UNRECOGNIZED_OR_DISABLED")
        #expect(eppo.getNumericAssignmentDetails(flagKey: "ratio", subjectKey: "user-1", defaultValue: 0).variation == 0.5)
        #expect(eppo.getJSONAssignmentDetails(flagKey: "config", subjectKey: "user-1", defaultValue: .null).variation
            == .object(["theme": "dark", "size": 3]))
        let events = logged.withLock { $0 }
        #expect(events.map { "\($0.featureFlag) \($0.allocation) \($0.variation)" } == ["checkout pro new", "config all v"])
        #expect(events.first?.evaluationDetails == matched.evaluationDetails)
        #expect(events.first?.json.objectValue?["evaluationDetails"] == matched.evaluationDetails)
    }

    @Test func eppoDetailsBeforeAnyConfiguration() async throws {
        let (client, _) = try await ClientHarness.manual()
        defer { Task { await client.close() } }
        let details = client.eppo.getStringAssignmentDetails(flagKey: "checkout", subjectKey: "u", defaultValue: "d")
        #expect(details.variation == "d" && details.flagEvaluationCode == "CONFIGURATION_MISSING")
        #expect(details.flagEvaluationDescription == "Configuration has not been fetched yet")
        #expect(details.evaluationDetails.objectValue?["configFetchedAt"] == .null)
    }
}
