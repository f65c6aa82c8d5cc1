@testable import BurgeeCore

/// A fixed snapshot with every operator; the input is a context (or request) as JSON, evaluated
/// against every flag.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let json = try? JSONValue(parsing: bytes) else { return 0 }
    // A request line ({"flag", "context", "default"}) or a bare context.
    let contextJSON = json.objectValue?["context"] ?? json
    let context = Context(json: contextJSON)
    for key in RequestFixture.snapshot.flagKeys {
        _ = RequestFixture.snapshot.evaluate(key, context: context, default: json.objectValue?["default"] ?? .null)
    }
    _ = RequestFixture.snapshot.explain("rules", context: context).steps.count
    return 0
}

/// The snapshot requests are evaluated against: rules with every operator, segments, rollouts,
/// prerequisites.
enum RequestFixture {
    static let snapshot: Snapshot = {
        func clause(_ attribute: String, _ op: String, _ values: String, negate: Bool = false) -> String {
            #"{"attribute": "\#(attribute)", "op": "\#(op)", "values": \#(values), "negate": \#(negate)}"#
        }
        let clauses = [
            clause("key", "in", #"["user-1", "u"]"#), clause("email", "endsWith", #"["@example.com"]"#),
            clause("name", "startsWith", #"["A"]"#), clause("name", "contains", #"["d"]"#, negate: true),
            clause("email", "matches", #"["^[a-z]+@.*$"]"#), clause("age", "greaterThan", "[18]"),
            clause("age", "lessThanOrEqual", "[99]"), clause("signup", "after", #"["2020-01-01T00:00:00Z"]"#),
            clause("signup", "before", "[1900000000000]"), clause("version", "semVerGreaterThan", #"["1.0.0"]"#),
            clause("version", "semVerEqual", #"["2.3.4"]"#), clause("ip", "inCIDR", #"["10.0.0.0/8", "::1/128"]"#),
            clause("tags", "in", #"["a", null, 3]"#), clause("country", "in", #"["DE"]"#),
            clause("/nested/x/y", "in", "[1]"), clause("org", "segmentMatch", #"["eu"]"#),
        ]
        let rules = clauses.enumerated().map { index, clause in
            #"{"id": "r\#(index)", "clauses": [\#(clause)], "serve": {"variation": "\#(index % 2 == 0 ? "on" : "off")"}}"#
        }
        let document = """
            {"formatVersion": 1, "version": 1, "segments": {
               "eu": {"rules": [{"clauses": [{"contextKind": "org", "attribute": "region", "op": "startsWith", "values": ["eu-"]}]}]}},
             "flags": {
               "rules": {"enabled": true, "variations": [{"key": "on", "value": true}, {"key": "off", "value": false}],
                         "rules": [\(rules.joined(separator: ","))],
                         "fallthrough": {"rollout": {"variations": [{"variation": "on", "weight": 50000}, {"variation": "off", "weight": 50000}]}}},
               "child": {"enabled": true, "variations": [{"key": "a", "value": "a"}, {"key": "b", "value": "b"}],
                         "prerequisites": [{"flag": "rules", "variation": "on"}], "fallthrough": {"variation": "a"}}}}
            """
        return try! Snapshot(jsonBytes: Array(document.utf8))
    }()
}

/// The snapshot, built before the first input.
enum FuzzFixtures {
    static func prepare() { _ = RequestFixture.snapshot }
}
