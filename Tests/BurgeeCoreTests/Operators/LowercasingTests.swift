@testable import BurgeeCore
import Testing

@Suite("case-insensitive lowercasing without a new string")
struct LowercasingTests {
    static let samples = [
        "", "a", "ABC", "MiXeD-Case_123", "SOMEONE@EXAMPLE.COM.LONGER.THAN.FIFTEEN",
        "İstanbul", "ΣΊΣΥΦΟΣ", "Straße", "ÀÉÎÕÜ", "ǅungla", "Ⅻ", "ＡＢＣ", "👍🏽 Thumbs", "ꞫꞬꞭ", "\u{10400}",
        String(repeating: "Ab", count: 400),
    ]

    @Test("matches String.lowercased() byte for byte", arguments: samples)
    func sameAsLowercased(_ input: String) {
        let bytes = Lowercasing.withLowercasedUTF8(input) { Array($0) }
        #expect(bytes == Array(input.lowercased().utf8))
    }

    @Test("inputs over the stack limit are left to the caller")
    func overTheLimit() {
        let long = String(repeating: "A", count: Lowercasing.stackLimit + 1)
        #expect(Lowercasing.withLowercasedUTF8(long) { _ in true } == nil)
        let atLimit = String(repeating: "A", count: Lowercasing.stackLimit)
        #expect(Lowercasing.withLowercasedUTF8(atLimit) { Array($0) } == Array(atLimit.lowercased().utf8))
    }

    @Test("case-insensitive tests match long and non-ASCII attributes, and attributes over the limit")
    func evaluations() throws {
        let snapshot = try Snapshot(jsonBytes: Array(#"""
        {"formatVersion":1,"flags":{"f":{"enabled":true,"type":"boolean",
          "variations":[{"key":"off","value":false},{"key":"on","value":true}],
          "rules":[
            {"id":"in","variation":"on","clauses":[{"attribute":"a","op":"in","values":["SOMEONE@EXAMPLE.COM","İx"],"caseInsensitive":true}]},
            {"id":"prefix","variation":"on","clauses":[{"attribute":"b","op":"startsWith","values":["STRASSE-ÉTÉ"],"caseInsensitive":true}]},
            {"id":"suffix","variation":"on","clauses":[{"attribute":"c","op":"endsWith","values":["AAAB"],"caseInsensitive":true}]}],
          "fallthrough":{"variation":"off"}}}}
        """#.utf8))
        func rule(_ attributes: [String: JSONValue]) -> String? {
            snapshot.evaluate("f", context: Context(key: "u", attributes: attributes)).reason.ruleId
        }
        #expect(rule(["a": "someone@Example.com"]) == "in")
        #expect(rule(["a": "İX"]) == "in")
        #expect(rule(["a": "someone@example.co"]) == nil)
        #expect(rule(["b": "strasse-été and more"]) == "prefix")
        #expect(rule(["b": "strasse-ete"]) == nil)
        let long = String(repeating: "a", count: Lowercasing.stackLimit + 10)
        #expect(rule(["c": .string(long + "B")]) == "suffix")
        #expect(rule(["c": .string(long)]) == nil)
    }
}
