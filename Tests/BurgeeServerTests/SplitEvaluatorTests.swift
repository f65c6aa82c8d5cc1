import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// The REST API of Split's self-hosted Split Evaluator, served in Split mode: treatments by flag,
/// flags and flag sets, by traffic type, `track`, the manager and admin routes, the evaluator's
/// parameter checks and messages, and its auth tokens.
@Suite("Split Evaluator REST API")
struct SplitEvaluatorTests {
    static let configured = #"{"name":"c","trafficTypeName":"account","changeNumber":5,"status":"ACTIVE","killed":false,"#
        + #""defaultTreatment":"off","seed":1,"algo":2,"sets":["front"],"configurations":{"on":"{\"size\":3}"},"#
        + #""conditions":[{"conditionType":"ROLLOUT","label":"in","matcherGroup":{"combiner":"AND","matchers":["#
        + #"{"matcherType":"ALL_KEYS","negate":false}]},"partitions":[{"treatment":"on","size":100},{"treatment":"off","size":0}]}]}"#
    static let document = SplitModeTests.document(flags: [SplitModeTests.flag("a", sets: ["front"]),
                                                          SplitModeTests.flag("b", sets: ["back"], segment: "vips"), configured])

    private func with<R>(tokens: [String] = [], _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: {
            $0.format = .split
            $0.splitEvaluatorTokens = tokens
        }) { try await body($0, $1, $2) }
    }

    private func json(_ fetched: Fetched) throws -> JSONValue { try Documents.json(fetched.body) }

    @Test func treatmentsByFlagByFlagsAndByFlagSetsAsTheEvaluatorAnswers() async throws {
        try await with { server, running, client in
            let base = running.baseURL + "/client"
            #expect(try json(try await HTTP.fetch(client, base + "/get-treatment?key=u1&split-name=b"))
                == ["splitName": "b", "treatment": "on"])
            #expect(try json(try await HTTP.fetch(client, base + "/get-treatment-with-config?key=u1&split-name=c"))
                == ["splitName": "c", "treatment": "on", "config": #"{"size":3}"#])
            #expect(try json(try await HTTP.fetch(client, base + "/get-treatment-with-config?key=u9&split-name=%20b%20"))
                == ["splitName": "b", "treatment": "off", "config": .null])
            #expect(try json(try await HTTP.fetch(client, base + "/get-treatments?key=u9&split-names=a,,b,a,nope"))
                == ["a": ["treatment": "on"], "b": ["treatment": "off"], "nope": ["treatment": "control"]])
            #expect(try json(try await HTTP.fetch(client, base + "/get-treatments-with-config-by-sets?key=u9&flag-sets=front,none"))
                == ["a": ["treatment": "on", "config": .null], "c": ["treatment": "on", "config": #"{"size":3}"#]])
            let keys = #"[{"matchingKey":"u1","trafficType":"User"},{"matchingKey":"x","trafficType":"account","bucketingKey":"b"}]"#
            let all = try await HTTP.fetch(client, base + "/get-all-treatments?keys=" + keys.addingPercentEncodingForQuery())
            #expect(try json(all) == ["user": ["a": ["treatment": "on"], "b": ["treatment": "on"]], "account": ["c": ["treatment": "on"]]])
            // Every evaluation of a served flag left an impression, as the evaluator's SDK sends them.
            #expect(server.splitPostStats.impressions == ["a": 3, "b": 4, "c": 3])
        }
    }

    @Test func postTakesTheAttributesFromTheBody() async throws {
        let adults = SplitModeTests.document(flags: [#"{"name":"adult","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","killed":false,"defaultTreatment":"no","seed":1,"algo":2,"conditions":[{"conditionType":"ROLLOUT","label":"18+","matcherGroup":{"combiner":"AND","matchers":[{"matcherType":"GREATER_THAN_OR_EQUAL_TO","negate":false,"keySelector":{"trafficType":"user","attribute":"age"},"unaryNumericMatcherData":{"dataType":"NUMBER","value":18}}]},"partitions":[{"treatment":"yes","size":100}]}]}"#])
        try await TestServer.with(.json(Documents.bytes(adults)), configure: { $0.format = .split }) { server, running, client in
            let url = running.baseURL + "/client/get-treatment?key=u&split-name=adult&impressions-disabled=true"
            let post = try await HTTP.fetch(client, url, method: "POST", headers: [("Content-Type", "application/json")],
                                            body: Array(#"{"attributes":{"age":30}}"#.utf8))
            #expect(try json(post) == ["splitName": "adult", "treatment": "yes"])
            let query = try await HTTP.fetch(client, url + "&attributes=" + #"{"age":12}"#.addingPercentEncodingForQuery())
            #expect(try json(query) == ["splitName": "adult", "treatment": "no"])
            #expect(server.splitPostStats.impressions.isEmpty, "impressions disabled")
        }
    }

    @Test("bad parameters get 400 with every message of the evaluator", arguments: [
        ("/client/get-treatment", ["you passed a null or undefined key, key must be a non-empty string.",
                                   "you passed a null or undefined split-name, split-name must be a non-empty string."]),
        ("/client/get-treatment?key=%20&split-name=a&bucketing-key=", [
            "you passed an empty string, key must be a non-empty string.",
            "you passed an empty string, bucketing-key must be a non-empty string."]),
        ("/client/get-treatment?key=\(String(repeating: "k", count: 251))&split-name=a",
         ["key too long, key must be 250 characters or less."]),
        ("/client/get-treatment?key=u&split-name=a&attributes=%5B1%5D", ["attributes must be a plain object."]),
        ("/client/get-treatment?key=u&split-name=a&attributes=nope", ["attributes must be a plain object."]),
        ("/client/get-treatments?key=u&split-names=,%20,", ["split-names must be a non-empty array."]),
        ("/client/get-treatments?key=u", ["you passed a null or undefined split-names, split-names must be a non-empty array."]),
        ("/client/get-treatments-by-sets?key=u&flag-sets=", ["you passed an empty flag-sets, flag-sets must be a non-empty array."]),
        ("/client/get-all-treatments", ["you passed null or undefined keys, keys must be a non-empty array."]),
        ("/client/get-all-treatments?keys=%7B%7D", ["keys must be a valid format."]),
        ("/client/get-all-treatments?keys=%5B%5D", ["there should be at least one matchingKey-trafficType element."]),
        ("/client/get-all-treatments?keys=%5B%7B%22matchingKey%22%3A%22u%22%7D%5D", ["keys is array but there are errors inside of it. keys must be an array with at least one element that contain a valid matchingKey and trafficType. It can also includes bucketingKey."]),
        ("/client/get-all-treatments?keys=%5B%7B%22matchingKey%22%3A%22u%22%2C%22trafficType%22%3A%22a%22%7D%2C%7B%22matchingKey%22%3A%22v%22%2C%22trafficType%22%3A%22A%22%7D%5D",
         ["at least one trafficType is duplicated in keys object."]),
        ("/client/track?key=u&traffic-type=%20&event-type=a%20b&value=x", [
            "you passed an empty traffic-type, traffic-type must be a non-empty string.",
            #"you passed "a b", event-type must adhere to the regular expression /^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$/g. This means an event_type must be alphanumeric, cannot be more than 80 characters long, and can only include a dash, underscore, period, or colon as separators of alphanumeric characters."#,
            "value must be null or number."]),
    ])
    func refusals(path: String, messages: [String]) async throws {
        try await with { server, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + path)
            #expect(answer.status == 400)
            #expect(try json(answer) == ["error": .array(messages.map(JSONValue.string))])
            #expect(server.splitPostStats.impressions.isEmpty && server.splitPostStats.events.isEmpty)
        }
    }

    @Test func trackQueuesTheEventAsTheEvaluatorsSDKSendsIt() async throws {
        try await with { server, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/client/track?key=u1&traffic-type=User&event-type=checkout.done&value=9.5")
            #expect(answer.status == 200)
            #expect(answer.text == "Successfully queued event")
            let event = try #require(server.splitPosts.last?.body.arrayValue?.first?.objectValue)
            #expect(event["key"] == "u1" && event["trafficTypeName"] == "user" && event["eventTypeId"] == "checkout.done")
            #expect(event["value"] == 9.5)
            #expect(server.splitPostStats.events == ["checkout.done": 1])
        }
    }

    @Test func theManagerDescribesTheFlagsAsSplitsManagersDo() async throws {
        try await with { _, running, client in
            #expect(try json(try await HTTP.fetch(client, running.baseURL + "/manager/names")) == ["splits": ["a", "b", "c"]])
            let c = try json(try await HTTP.fetch(client, running.baseURL + "/manager/split?split-name=c"))
            #expect(c == ["name": "c", "trafficType": "account", "killed": false, "changeNumber": 5, "treatments": ["on", "off"],
                          "configs": ["on": #"{"size":3}"#], "sets": ["front"], "defaultTreatment": "off",
                          "impressionsDisabled": false, "prerequisites": []])
            let missing = try await HTTP.fetch(client, running.baseURL + "/manager/split?split-name=zz")
            #expect(missing.status == 404)
            #expect(try json(missing) == ["error": #"Feature flag "zz" was not found."#])
            #expect(try json(try await HTTP.fetch(client, running.baseURL + "/manager/splits")).objectValue?["splits"]?.arrayValue?.count == 3)
        }
    }

    @Test func authTokensGuardEveryEvaluatorRoute() async throws {
        try await with(tokens: ["t-1"]) { _, running, client in
            for path in ["/client/get-treatment?key=u&split-name=a", "/manager/names", "/admin/ping"] {
                let refused = try await HTTP.fetch(client, running.baseURL + path)
                #expect(refused.status == 401, "\(path)")
                #expect(try json(refused) == ["error": "Unauthorized"])
                #expect(try await HTTP.fetch(client, running.baseURL + path, headers: [("Authorization", "t-1")]).status == 200)
            }
            let health = try await HTTP.fetch(client, running.baseURL + "/admin/healthcheck", headers: [("Authorization", "t-1")])
            #expect(health.text == "Split Evaluator working as expected.")
        }
    }
}

extension String {
    /// The string percent-encoded for a query value (everything but unreserved characters).
    func addingPercentEncodingForQuery() -> String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
