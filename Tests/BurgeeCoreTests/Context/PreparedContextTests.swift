@testable import BurgeeCore
import Testing

/// A context prepared for a snapshot (``Snapshot/prepare(_:)``) reads its attributes by the
/// program's slots; it must answer exactly what the context itself answers, here and elsewhere.
@Suite("prepared contexts")
struct PreparedContextTests {
    /// A boolean flag `key` serving `on` when every clause holds.
    static func flag(_ clauses: [JSONValue], rollout: JSONValue? = nil) -> JSONValue {
        var flag: JSONValue = [
            "version": 1, "enabled": true, "type": "boolean",
            "variations": [["key": "off", "value": false], ["key": "on", "value": true]],
            "offVariation": "off",
            "rules": [["id": "r", "clauses": .array(clauses), "variation": "on"]],
            "fallthrough": ["variation": "off"],
        ]
        if let rollout, case .object(var members) = flag {
            members["rules"] = [["id": "r", "clauses": .array(clauses), "rollout": rollout]]
            flag = .object(members)
        }
        return flag
    }

    static func snapshot(_ flags: [String: JSONValue]) throws -> Snapshot {
        try Snapshot(compiling: DefinitionsDocument(json: ["formatVersion": 1, "version": 1, "flags": .object(flags)]))
    }

    static func clause(_ attribute: String, _ op: String, _ values: [JSONValue], kind: String? = nil,
                       negate: Bool = false) -> JSONValue {
        var clause: [String: JSONValue] = ["attribute": .string(attribute), "op": .string(op), "values": .array(values)]
        if let kind { clause["contextKind"] = .string(kind) }
        if negate { clause["negate"] = true }
        return .object(clause)
    }

    @Test("a context prepared for other definitions is read by name, not by their slots")
    func preparedForOtherDefinitions() throws {
        // The first program reads `b` then `a` (slots b: 0, a: 1); the second `a` then `b`
        // (a: 0, b: 1). Read by the first program's slots, `a` would be `b`'s value in the second.
        let first = try Self.snapshot(["f": Self.flag([Self.clause("b", "in", ["y"]), Self.clause("a", "in", ["x"])])])
        let second = try Self.snapshot(["f": Self.flag([Self.clause("a", "in", ["x"]), Self.clause("b", "in", ["y"])])])
        let context = first.prepare(Context(key: "u", attributes: ["a": "x", "b": "y"]))
        #expect(first.isPrepared(context))
        #expect(!second.isPrepared(context))
        #expect(first.evaluate("f", context: context, default: false).value == true)
        #expect(second.evaluate("f", context: context, default: false).value == true)
        #expect(second.prepare(context).evaluate("f", in: second) == true)
    }

    @Test("prepared and unprepared contexts answer alike: paths, unset anonymous, absent and null attributes, kinds, rollouts")
    func preparedAnswersAlike() throws {
        let snapshot = try Self.snapshot([
            "path": Self.flag([Self.clause("/address/city", "in", ["Paris"])]),
            "anonymous": Self.flag([Self.clause("anonymous", "in", [false])]),
            "absent": Self.flag([Self.clause("missing", "in", ["x"], negate: true)]),
            "null": Self.flag([Self.clause("nothing", "in", [nil])]),
            "org-plan": Self.flag([Self.clause("plan", "in", ["pro"], kind: "org")]),
            "user-plan": Self.flag([Self.clause("plan", "in", ["pro"])]),
            "kind": Self.flag([Self.clause("kind", "in", ["org"])]),
            "rollout": Self.flag([], rollout: [
                "bucketBy": "plan", "contextKind": "org",
                "variations": [["variation": "off", "weight": 50000], ["variation": "on", "weight": 50000]],
            ]),
        ])
        let user = Context(key: "u", attributes: ["address": ["city": "Paris"], "plan": "free", "nothing": nil])
        let org = Context(kind: "org", key: "o", attributes: ["plan": "pro"])
        let expected: [String: [Bool]] = [
            // user, org, user and org; clauses read the user by default; an absent attribute fails,
            // negated or not.
            "path": [true, false, true], "anonymous": [true, false, true], "absent": [false, false, false],
            "null": [false, false, false], "org-plan": [false, true, true], "user-plan": [false, false, false],
            "kind": [false, true, true],
        ]
        let contexts = [user, org, Context.multi([user, org])]
        for (i, context) in contexts.enumerated() {
            let prepared = snapshot.prepare(context)
            #expect(snapshot.isPrepared(prepared))
            for key in snapshot.flagKeys {
                let plain = snapshot.evaluate(key, context: context, default: false)
                let read = snapshot.evaluate(key, context: prepared, default: false)
                #expect(read.value == plain.value, "\(key), context \(i)")
                #expect(read.reason.json == plain.reason.json, "\(key), context \(i)")
                if let values = expected[key] { #expect(read.value == .bool(values[i]), "\(key), context \(i): \(read.reason.json)") }
            }
        }
    }

    @Test("versions and dates parsed once answer as parsed at every test", arguments: [
        // Versions, valid and not, with and without three parts; instants as RFC 3339 and Unix
        // milliseconds; values of other types, null and arrays, which are tested element by element.
        "2.0.0", "2.0.0-rc.1", "1.9", "2", "10.0.0+build.5", "v2.0.0", "", "not a version",
        "2024-01-01T00:00:00Z", "2019-12-31T23:59:59.999999999Z", "2024-01-01T00:00:00+01:00", "2024-13-01T00:00:00Z",
    ] as [JSONValue] + [1_704_067_200_000, 0, -1, 1.5e300, true, nil, ["1.0.0", "3.0.0"], ["2019-01-01T00:00:00Z"], ["x": 1]])
    func parsedOnce(_ value: JSONValue) throws {
        let snapshot = try Self.snapshot([
            "semver-gt": Self.flag([Self.clause("v", "semVerGreaterThan", ["1.10.0"])]),
            "semver-eq": Self.flag([Self.clause("v", "semVerEqual", ["2.0.0"])]),
            "semver-lt-not": Self.flag([Self.clause("v", "semVerLessThan", ["2.0.0"], negate: true)]),
            "after": Self.flag([Self.clause("v", "after", ["2020-01-01T00:00:00Z"])]),
            "before": Self.flag([Self.clause("v", "before", [1_704_067_200_001])]),
            "in": Self.flag([Self.clause("v", "in", ["2.0.0", 0])]),
        ])
        let context = Context(key: "u", attributes: ["v": value])
        let prepared = snapshot.prepare(context)
        let parsed = try #require(prepared.prepared?.parsed, "the program parses `v`")
        #expect(parsed[0].isParsed == !(value.isNull || value.arrayValue != nil))
        for key in snapshot.flagKeys {
            let plain = snapshot.evaluate(key, context: context, default: false)
            let read = snapshot.evaluate(key, context: prepared, default: false)
            #expect(read.value == plain.value, "\(key) for \(value.serialized())")
            #expect(read.reason.json == plain.reason.json, "\(key) for \(value.serialized())")
        }
    }

    @Test("a parsed version answers as the version it is")
    func parsedVersionsAnswer() throws {
        let snapshot = try Self.snapshot([
            "new": Self.flag([Self.clause("version", "semVerGreaterThanOrEqual", ["2.0.0"])]),
            "recent": Self.flag([Self.clause("since", "after", ["2024-01-01T00:00:00Z"])]),
        ])
        let newer = snapshot.prepare(Context(key: "u", attributes: ["version": "2.1.0", "since": "2024-06-01T00:00:00Z"]))
        let older = snapshot.prepare(Context(key: "u", attributes: ["version": "1.9.9", "since": 1_700_000_000_000]))
        #expect(newer.evaluate("new", in: snapshot) == true)
        #expect(newer.evaluate("recent", in: snapshot) == true)
        #expect(older.evaluate("new", in: snapshot) == false)
        #expect(older.evaluate("recent", in: snapshot) == false)
    }

    @Test("preparing twice for the same definitions keeps the first preparation")
    func preparingTwice() throws {
        let snapshot = try Self.snapshot(["f": Self.flag([Self.clause("a", "in", ["x"])])])
        let once = snapshot.prepare(Context(key: "u", attributes: ["a": "x"]))
        let twice = snapshot.prepare(once)
        #expect(once.prepared === twice.prepared)
        #expect(twice.evaluate("f", in: snapshot) == true)
    }

    @Test("a context of no attribute the rules read, and definitions whose rules read none, prepare")
    func nothingToSlot() throws {
        let noRules = try Self.snapshot(["f": Self.flag([])])
        let prepared = noRules.prepare(Context(key: "u"))
        #expect(prepared.prepared?.slotCount == 0)
        #expect(prepared.evaluate("f", in: noRules) == true)
        let someRules = try Self.snapshot(["f": Self.flag([Self.clause("a", "in", ["x"])])])
        #expect(someRules.prepare(Context(key: "u")).evaluate("f", in: someRules) == false)
        // An invalid context prepares, and stays invalid.
        let invalid = someRules.prepare(Context(key: ""))
        #expect(!invalid.isValid)
        #expect(someRules.evaluate("f", context: invalid, default: false).reason.errorKind == .invalidContext)
    }
}

extension Context {
    fileprivate func evaluate(_ key: String, in snapshot: Snapshot) -> Bool? {
        snapshot.evaluate(key, context: self, default: .null).value.boolValue
    }
}
