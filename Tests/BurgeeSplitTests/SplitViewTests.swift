import Burgee
import BurgeeCore
import BurgeeSplit
import Testing

/// `client.split`: Split's calls answer what the snapshot's Split mapping gives, for Split's keys,
/// bucketing keys and attributes; `control` for what cannot be evaluated.
@Suite("Split's view (client.split)")
struct SplitViewTests {
    static let document = #"""
        {"ff":{"d":[
          {"name":"checkout","trafficTypeName":"user","changeNumber":42,"status":"ACTIVE","killed":false,
           "defaultTreatment":"off","seed":467569525,"trafficAllocation":100,"trafficAllocationSeed":1,"algo":2,
           "configurations":{"on":"{\"color\":\"red\"}"},"sets":["web"],
           "conditions":[
             {"conditionType":"WHITELIST","label":"whitelisted","matcherGroup":{"combiner":"AND","matchers":[
               {"matcherType":"WHITELIST","negate":false,"keySelector":null,"whitelistMatcherData":{"whitelist":["bob"]}}]},
              "partitions":[{"treatment":"on","size":100}]},
             {"conditionType":"ROLLOUT","label":"pro plan","matcherGroup":{"combiner":"AND","matchers":[
               {"matcherType":"EQUAL_TO_SET","negate":false,"keySelector":{"trafficType":"user","attribute":"plans"},
                "whitelistMatcherData":{"whitelist":["pro"]}}]},
              "partitions":[{"treatment":"on","size":50},{"treatment":"off","size":50}]}]},
          {"name":"banner","trafficTypeName":"user","changeNumber":7,"status":"ACTIVE","killed":true,
           "defaultTreatment":"hidden","seed":1,"conditions":[],"sets":["web","mobile"]},
          {"name":"gone","trafficTypeName":"user","changeNumber":8,"status":"ARCHIVED","killed":false,
           "defaultTreatment":"on","seed":1,"conditions":[]}
        ],"s":-1,"t":42}}
        """#

    static func client() async throws -> BurgeeClient {
        try await ClientHarness.ready("") { $0.source = .bootstrap(.json(Self.document, format: .split)) }
    }

    @Test("treatments and configurations are the snapshot's Split answers, bucketing key included")
    func answers() async throws {
        let client = try await Self.client()
        let snapshot = try Snapshot(jsonBytes: Array(Self.document.utf8), format: .split)
        var seen: Set<String> = []
        for flag in ["checkout", "banner", "gone", "missing"] {
            for key in ["bob", "alice", "carol", "dave", "erin", "frank"] {
                for bucketingKey in [nil, "b-1", "b-2"] as [String?] {
                    let attributes: [String: JSONValue] = ["plans": ["pro"]]
                    let context = Context(splitKey: key, bucketingKey: bucketingKey, attributes: attributes)
                    let expected = snapshot.splitResult(for: snapshot.evaluate(flag, context: context), flag: flag)
                    let answer = client.split.treatmentWithConfig(flag, key: key, bucketingKey: bucketingKey,
                                                                  attributes: attributes, track: false)
                    #expect(answer == SplitTreatment(treatment: expected.treatment, config: expected.config), "\(flag) \(key)")
                    #expect(client.split.treatment(flag, key: key, bucketingKey: bucketingKey, attributes: attributes,
                                                   track: false) == answer.treatment)
                    seen.insert(answer.treatment)
                }
            }
        }
        // The comparison covered every kind of answer.
        #expect(seen == ["on", "off", "hidden", "control"])
        #expect(client.split.treatmentWithConfig("checkout", key: "bob") == SplitTreatment(treatment: "on", config: #"{"color":"red"}"#))
        #expect(client.split.treatment("gone", key: "bob") == "control")
        await client.close()
    }

    @Test("names are trimmed; a key Split refuses is control; several flags and flag sets answer by name")
    func manyAndSets() async throws {
        let client = try await Self.client()
        #expect(client.split.treatment("  checkout\n", key: "bob") == "on")
        #expect(client.split.treatment("checkout", key: "   ") == "control")
        #expect(client.split.treatment("checkout", key: String(repeating: "k", count: 251)) == "control")
        #expect(client.split.treatment("checkout", key: "bob", bucketingKey: "") == "control")
        #expect(client.split.treatments(["checkout", " banner", "missing", ""], key: "bob")
            == ["checkout": "on", "banner": "hidden", "missing": "control"])
        #expect(client.split.treatmentsByFlagSet("mobile", key: "bob") == ["banner": "hidden"])
        #expect(client.split.treatmentsByFlagSets([" WEB ", "none"], key: "bob") == ["checkout": "on", "banner": "hidden"])
        #expect(client.split.treatmentsWithConfigByFlagSet("web", key: "bob")["checkout"]?.config == #"{"color":"red"}"#)
        #expect(client.split.treatmentsByFlagSet("none", key: "bob").isEmpty)
        await client.close()
    }

    @Test("before any definitions every call is control")
    func notReady() async throws {
        let (client, _) = try await ClientHarness.manual()
        #expect(client.split.treatmentWithConfig("checkout", key: "bob") == .control)
        #expect(client.split.treatment("checkout", key: "bob") == "control")
        #expect(client.split.treatments(["a", "b"], key: "bob") == ["a": "control", "b": "control"])
        #expect(client.split.treatmentsByFlagSet("web", key: "bob").isEmpty)
        await client.close()
    }

    @Test("a Split file is told by its shape and served by a file source")
    func fromFile() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/split.json"
            try TestFiles.write(Self.document, to: path)
            let client = try await TestClients.started(.init(source: .file(path), logger: TestClients.quietLogger))
            #expect(client.split.treatment("checkout", key: "bob") == "on")
            #expect(client.stringVariation("banner", context: Context(splitKey: "bob"), default: "x") == "hidden")
            let detail = client.stringVariationDetail("checkout", context: Context(splitKey: "bob"), default: "x")
            #expect(detail.reason.kind == .ruleMatch)
            #expect(detail.reason.label == "whitelisted")
            await client.close()
        }
    }
}
