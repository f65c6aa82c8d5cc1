import BurgeeCore
import Synchronization

/// Definitions documents for each benchmark scenario, built as JSON and compiled like real downloads.
public enum Scenarios {
    public static func boolFlag(_ extra: [String: JSONValue] = [:]) -> JSONValue {
        var flag: [String: JSONValue] = [
            "version": 1, "enabled": true, "type": "boolean",
            "variations": [["key": "off", "value": false], ["key": "on", "value": true]],
            "offVariation": "off", "fallthrough": ["variation": "on"],
        ]
        for (k, v) in extra { flag[k] = v }
        return .object(flag)
    }

    public static func document(flags: [String: JSONValue], segments: [String: JSONValue] = [:]) -> JSONValue {
        ["formatVersion": 1, "version": 1, "flags": .object(flags), "segments": .object(segments)]
    }

    public static func compile(_ document: JSONValue) -> Snapshot {
        let bytes = Array(document.serialized().utf8)
        let snapshot = try! Snapshot(jsonBytes: bytes)
        precondition(snapshot.problems.filter { !$0.isWarning }.isEmpty, "\(snapshot.problems)")
        remember(snapshot, bytes, .native)
        return snapshot
    }

    /// The document each scenario's snapshot was compiled from, so that the same definitions can
    /// be handed to a client (the `Client…` benchmarks of the single-flag scenarios).
    private static let sources = Mutex<[ObjectIdentifier: (bytes: [UInt8], format: DefinitionsFormat)]>([:])

    static func remember(_ snapshot: Snapshot, _ bytes: [UInt8], _ format: DefinitionsFormat) {
        sources.withLock { $0[ObjectIdentifier(snapshot)] = (bytes, format) }
    }

    /// The JSON bytes and format `snapshot` (a scenario's) was compiled from.
    public static func source(of snapshot: Snapshot) -> (bytes: [UInt8], format: DefinitionsFormat) {
        guard let source = sources.withLock({ $0[ObjectIdentifier(snapshot)] }) else {
            preconditionFailure("not a scenario's snapshot")
        }
        return source
    }

    public static let user = Context(json: [
        "kind": "user", "key": "user-4711", "country": "FR", "plan": "pro", "age": 42,
        "appVersion": "2.5.1", "signupDate": "2024-03-01T10:00:00Z", "email": "someone@example.com",
        "ip": "10.1.2.3", "tags": ["a", "b"],
    ])

    /// Scenario: a boolean flag with no rules (fallthrough).
    public static let simple = compile(simpleDocument)

    /// The definitions of ``simple``.
    public static let simpleDocument = document(flags: ["simple": boolFlag()])

    /// Scenario: the context is the last of 1,000 targeted keys.
    public static let targets: Snapshot = {
        let keys: [JSONValue] = (0..<999).map { .string("user-\($0)") } + ["user-4711"]
        return compile(document(flags: ["targeted": boolFlag(["targets": [["values": .array(keys), "variation": "on"]], "fallthrough": ["variation": "off"]])]))
    }()

    /// Scenario: 10 rules of 3 clauses, the last one matching.
    public static let tenRules: Snapshot = {
        let countries: [JSONValue] = (0..<99).map { .string("C\($0)") } + ["FR"]
        var rules: [JSONValue] = []
        for i in 0..<10 {
            let last = i == 9
            rules.append(["id": .string("rule-\(i)"), "variation": "on", "clauses": [
                ["attribute": "country", "op": "in", "values": last ? .array(countries) : .array(Array(countries.prefix(99)))],
                ["attribute": "age", "op": "greaterThanOrEqual", "values": [18]],
                last ? ["attribute": "appVersion", "op": "semVerGreaterThanOrEqual", "values": ["2.0.0"]]
                     : ["attribute": "email", "op": "startsWith", "values": ["admin@"]],
            ]])
        }
        // The last rule also checks a date and a prefix, as the scenario asks.
        if case .object(var last) = rules[9], case .array(var clauses) = last["clauses"]! {
            clauses.append(["attribute": "signupDate", "op": "after", "values": ["2023-01-01T00:00:00Z"]])
            clauses.append(["attribute": "email", "op": "startsWith", "values": ["some"]])
            last["clauses"] = .array(clauses)
            rules[9] = .object(last)
        }
        return compile(document(flags: ["ten-rules": boolFlag(["rules": .array(rules), "fallthrough": ["variation": "off"]])]))
    }()

    /// Scenario: a segment of 1,000 included keys plus one rule; the context matches by the rule.
    public static let segment: Snapshot = {
        let keys: [JSONValue] = (0..<1000).map { .string("member-\($0)") }
        let segment: JSONValue = ["version": 1, "included": .array(keys), "rules": [[
            "clauses": [["attribute": "email", "op": "endsWith", "values": ["@example.com"]]]]]]
        let flag = boolFlag(["rules": [["variation": "on", "clauses": [["op": "segmentMatch", "values": ["beta"]]]]],
                             "fallthrough": ["variation": "off"]])
        return compile(document(flags: ["segment-flag": flag], segments: ["beta": segment]))
    }()

    /// Scenario: a 50/50 rollout in the fallthrough.
    public static let rollout = compile(document(flags: ["rollout": boolFlag(["fallthrough": ["rollout": ["variations": [
        ["variation": "off", "weight": 50000], ["variation": "on", "weight": 50000]]]]])]))

    /// Scenario: a flag whose prerequisites chain three flags deep.
    public static let prerequisites: Snapshot = {
        var flags: [String: JSONValue] = ["level-3": boolFlag()]
        flags["level-2"] = boolFlag(["prerequisites": [["flag": "level-3", "variation": "on"]]])
        flags["level-1"] = boolFlag(["prerequisites": [["flag": "level-2", "variation": "on"]]])
        flags["level-0"] = boolFlag(["prerequisites": [["flag": "level-1", "variation": "on"]]])
        return compile(document(flags: flags))
    }()

    /// Scenario: a realistic document of 1,000 flags.
    public static let realistic = compile(RealisticDocument.make(flags: 1_000, segments: 20))

    /// Scenario input: the JSON bytes of a realistic 10,000-flag document.
    public static let largeDocumentBytes: [UInt8] = Array(RealisticDocument.make(flags: 10_000, segments: 100).serialized().utf8)
}
