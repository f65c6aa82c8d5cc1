import BurgeeCore
import Testing

/// Documents at the edges: trees too deep to build, segments that name segments, numbers out of
/// range in a request. None may crash or take unbounded time.
@Suite("Kameleoon documents at the edges")
struct KameleoonDocumentTests {
    static func condition(_ value: String) -> JSONValue {
        ["targetingType": "VISITOR_CODE", "isInclude": true, "visitorCode": .string(value), "matchType": "EXACT"]
    }

    static func document(segments: [JSONValue], segmentId: Int = 1) -> JSONValue {
        ["featureFlags": [["id": 1, "featureKey": "f", "defaultVariationKey": "off", "environmentEnabled": true,
                           "variations": [["key": "off"], ["key": "on"]],
                           "rules": [["id": 10, "type": "TARGETED_DELIVERY", "exposition": 1, "experimentId": 11,
                                      "segmentId": .number(Double(segmentId)),
                                      "variationByExposition": [["variationKey": "on", "variationId": 12, "exposition": 1]]]]]],
         "segments": .array(segments)]
    }

    static func segment(_ id: Int, _ conditions: [JSONValue], or: Bool) -> JSONValue {
        ["id": .number(Double(id)), "conditionsData": ["firstLevelOrOperators": [], "firstLevel": [
            ["orOperators": .array(conditions.dropFirst().map { _ in .bool(or) }), "conditions": .array(conditions)]]]]
    }

    @Test("a group whose tree nests deeper than Kameleoon's SDKs build is refused, naming it; a shallower one is read",
          arguments: [(2000, true, true), (2000, false, true), (1500, false, false), (800, true, false)])
    func deepGroups(count: Int, or: Bool, refused: Bool) throws {
        let conditions = (0..<count).map { Self.condition("v-\($0)") }
        let json = Self.document(segments: [Self.segment(1, conditions, or: or)])
        switch Result(catching: { () throws(DefinitionsError) in try Definitions(json: json, format: .kameleoon) }) {
        case .success(let definitions):
            #expect(!refused, "read")
            let snapshot = Snapshot(compiling: definitions)
            let served = snapshot.evaluate("f", context: Context(kameleoonJSON: ["visitorCode": "v-0"], flag: "f", snapshot: snapshot))
            #expect(served.value == (or ? "on" : "off"))
        case .failure(let error):
            #expect(refused, "\(error)")
            #expect("\(error)".contains("'/segments/0/conditionsData/firstLevel/0/conditions'"), "\(error)")
        }
    }

    @Test("segments that name segments in a widening chain compile in bounded time; evaluating beyond the bound is an error")
    func segmentChains() throws {
        // Segment i names segment i + 1 twice: fully inlined, 2^30 copies of the last one.
        var segments: [JSONValue] = (1...30).map { i in
            let named: JSONValue = ["targetingType": "SEGMENT", "isInclude": true, "segmentId": .number(Double(i + 1))]
            return Self.segment(i, [named, named], or: false)
        }
        segments.append(Self.segment(31, [Self.condition("v")], or: false))
        let snapshot = try Snapshot(compiling: Definitions(json: Self.document(segments: segments), format: .kameleoon))
        #expect(snapshot.problems.contains { $0.severity == .warning && "\($0.path)" == "/featureFlags/0/rules" }, "\(snapshot.problems)")
        let detail = snapshot.evaluate("f", context: Context(kameleoonJSON: ["visitorCode": "v"], flag: "f", snapshot: snapshot))
        #expect(detail.reason.kind == .error)
    }

    @Test("a segment that names itself is false, not endless")
    func selfReference() throws {
        let own: JSONValue = ["targetingType": "SEGMENT", "isInclude": true, "segmentId": 1]
        let snapshot = try Snapshot(compiling: Definitions(json: Self.document(segments: [Self.segment(1, [own], or: false)]), format: .kameleoon))
        let detail = snapshot.evaluate("f", context: Context(kameleoonJSON: ["visitorCode": "v"], flag: "f", snapshot: snapshot))
        #expect(detail.value == "off")
    }

    @Test("numbers out of range in a request's Data API filter and data are read without a crash", arguments: [1e300, -1e300, 0.5])
    func hugeNumbers(_ n: Double) throws {
        let snapshot = try Snapshot(compiling: Definitions(json: Self.document(segments: []), format: .kameleoon))
        let request: JSONValue = ["visitorCode": "v",
                                  "remote": ["filter": ["previousVisitAmount": .number(n)],
                                             "body": ["previousVisits": [["timeStarted": .number(n)]],
                                                      "currentVisit": ["conversionEvents": [["time": .number(n), "data": ["goalId": .number(n)]]]]]],
                                  "data": [["type": "conversion", "goalId": 1, "revenue": .number(n)],
                                           ["type": "browser", "browser": "CHROME", "version": .number(n)]]]
        let detail = snapshot.evaluate("f", context: Context(kameleoonJSON: request, flag: "f", snapshot: snapshot))
        #expect(detail.value == "on")
    }

    @Test("a request that cannot be read is an invalid context", arguments: [
        #"{"visitorCode": 5}"#, #"{"visitorCode": "v", "data": [{"type": "spaceship"}]}"#,
        #"{"visitorCode": "v", "consent": "yes"}"#, #"{"visitorCode": "v", "prior": [1]}"#, #"[]"#,
    ])
    func unreadableRequests(_ text: String) throws {
        let snapshot = try Snapshot(compiling: Definitions(json: Self.document(segments: []), format: .kameleoon))
        let detail = snapshot.evaluate("f", context: Context(kameleoonJSON: try JSONValue(parsing: text), flag: "f", snapshot: snapshot))
        #expect(detail.reason.errorKind == .invalidContext)
    }
}
