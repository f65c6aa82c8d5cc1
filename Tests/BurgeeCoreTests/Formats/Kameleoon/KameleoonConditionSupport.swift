@testable import BurgeeCore

/// Lowers one Kameleoon condition and evaluates it against a hand-built `visitor` object.
enum KameleoonConditionSupport {
    /// 2026-03-01T12:00:00Z in Unix milliseconds.
    static let now: Double = 1_772_366_400_000
    static let day: Double = 86_400_000

    /// A visitor with data: `exists`, its code, the clock and visit start, then `extra`.
    static func visitor(_ extra: [String: JSONValue] = [:]) -> JSONValue {
        var members: [String: JSONValue] = ["exists": true, "code": "v-1", "now": .number(now), "visitStart": .number(now),
                                            "customData": [:], "pages": [], "conversions": [], "assignments": [],
                                            "personalizations": []]
        for (k, v) in extra { members[k] = v }
        return .object(members)
    }

    /// No visitor at all.
    static let nobody: JSONValue = ["exists": false, "code": "v-1", "now": .number(now), "visitStart": .number(now)]

    static let flags = KameleoonFlagIndex([
        .init(id: 10, rules: [
            .init(id: 100, experimentId: 1000, variations: [.init(id: 1, key: "off"), .init(id: 2, key: "on")]),
            .init(id: 101, experimentId: 1001, variations: [.init(id: 3, key: "on")]),
            .init(id: 0, experimentId: 1002, variations: [.init(id: 4, key: "zero")]),
        ]),
    ])

    static func scope(experimentId: Int64? = 1000, segments: [Int64: Condition] = [:]) -> KameleoonConditionScope {
        KameleoonConditionScope(experimentId: experimentId, flags: flags, sdkVersion: "0.1.0", segment: { segments[$0] })
    }

    static func condition(_ json: JSONValue) throws -> KameleoonCondition {
        try KameleoonCondition(json: json, path: JSONPointer(tokens: ["segments", "0", "conditionsData", "firstLevel", "0", "conditions", "0"]))
    }

    /// Whether the condition holds for `visitor`.
    static func holds(_ json: JSONValue, _ visitor: JSONValue, scope: KameleoonConditionScope = scope()) throws -> Bool {
        evaluate(try condition(json).lowered(in: scope), visitor)
    }

    /// Evaluates the lowered shapes a Kameleoon condition takes (constants, negation, visitor tests).
    static func evaluate(_ condition: Condition, _ visitor: JSONValue) -> Bool {
        switch condition {
        case .always: return true
        case .not(let inner): return !evaluate(inner, visitor)
        case .all(let parts): return parts.allSatisfy { evaluate($0, visitor) }
        case .any(let parts): return parts.contains { evaluate($0, visitor) }
        case .test(let test):
            guard case .visitor(let v) = test.op else { return false }
            precondition(test.contextKind == "visitor" && test.attribute.text == "visitor" && test.wholeValue)
            return v.matches(visitor) != test.negate
        default: return false
        }
    }

    /// Whether the lowered condition is known without a visitor (`.always` or `.not(.always)`).
    static func isConstant(_ json: JSONValue, scope: KameleoonConditionScope = scope()) throws -> Bool {
        switch try condition(json).lowered(in: scope) {
        case .always, .not(.always): return true
        default: return false
        }
    }
}
