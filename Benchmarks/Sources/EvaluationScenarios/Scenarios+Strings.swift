import BurgeeCore

/// Scenarios of string clauses: case-insensitive operators, and `in` over an array attribute.
extension Scenarios {
    /// A context whose string attributes differ in case from the clause values: `country` is
    /// "Fr" (short enough for a small string), `email` is 19 UTF-8 bytes (more than a small string
    /// holds), and `groups` is an array of 10 strings.
    public static let mixedCaseUser = Context(json: [
        "kind": "user", "key": "user-4711", "country": "Fr", "email": "Someone@Example.COM",
        "groups": .array((0..<9).map { .string("team-\($0)") } + ["qa"]),
    ])

    /// A flag serving `on` when its one rule of one clause matches, `off` otherwise.
    static func oneRule(_ key: String, _ clause: JSONValue) -> Snapshot {
        compile(document(flags: [key: boolFlag([
            "rules": [["id": "rule", "variation": "on", "clauses": [clause]]],
            "fallthrough": ["variation": "off"],
        ])]))
    }

    /// Scenario: a case-insensitive `in` over 10 values; "Fr" matches the last, "FR".
    public static let caseInsensitiveIn = oneRule("ci-in", [
        "attribute": "country", "op": "in", "caseInsensitive": true,
        "values": ["DE", "ES", "IT", "NL", "BE", "PT", "AT", "CH", "SE", "FR"],
    ])

    /// Scenario: a case-insensitive `startsWith` on the 19-byte email.
    public static let caseInsensitiveStartsWith = oneRule("ci-starts-with", [
        "attribute": "email", "op": "startsWith", "caseInsensitive": true, "values": ["someone@"],
    ])

    /// Scenario: a case-insensitive `endsWith` on the 19-byte email.
    public static let caseInsensitiveEndsWith = oneRule("ci-ends-with", [
        "attribute": "email", "op": "endsWith", "caseInsensitive": true, "values": ["@example.com"],
    ])

    /// Scenario: `in` over 3 values against an array attribute of 10 strings; the last element matches.
    public static let inArrayAttribute = oneRule("in-array", [
        "attribute": "groups", "op": "in", "values": ["beta", "staff", "qa"],
    ])
}
