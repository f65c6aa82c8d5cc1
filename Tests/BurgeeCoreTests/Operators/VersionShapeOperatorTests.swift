import Testing
@testable import BurgeeCore

/// The version shape scanned in place answers as the regular expression it stands for.
@Suite("Version shape")
struct VersionShapeOperatorTests {
    static let pattern = try! PortableRegex(pattern: #"^[0-9]+\.[0-9]+\.[0-9]+([-+].*)?$"#)

    @Test("Answers as the pattern", arguments: [
        "1.2.3", "0.0.0", "10.20.30", "01.2.3", "1.2.3-beta", "1.2.3+build.5", "1.2.3-", "1.2.3+",
        "1.2.3-a\nb", "1.2.3-a\r", "1.2.3\n", "1.2", "1.2.", ".1.2.3", "1..3", "1.2.3.4", "1.2.3x",
        "v1.2.3", " 1.2.3", "1.2.3 ", "", "1.2.3-é", "١.٢.٣", "1.2.3-\u{0}", "9999999999999999999999.1.1",
    ])
    func answersAsThePattern(_ text: String) {
        #expect(VersionShapeOperator.matches(.string(text)) == Self.pattern.matches(text))
    }

    @Test func randomStringsOfVersionCharactersAnswerAsThePattern() {
        // Strings over the characters that decide the shape, every length up to 7: the pattern decides.
        let alphabet: [Character] = ["1", "0", ".", "-", "+", "\n", "a"]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...9, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(VersionShapeOperator.matches(.string(text)) == Self.pattern.matches(text), "\(text.debugDescription)")
            checked += 1
        }
        #expect(checked == 20_000)
    }

    @Test func otherValuesAndOverlongStringsDoNotMatch() {
        #expect(!VersionShapeOperator.matches(.number(1.2)))
        #expect(!VersionShapeOperator.matches(.null))
        #expect(!VersionShapeOperator.matches(.array([.string("1.2.3")])))
        let long = "1.2.3-" + String(repeating: "a", count: PortableRegex.maxInputLength)
        #expect(!VersionShapeOperator.matches(.string(long)) && !Self.pattern.matches(long))
        let longest = "1.2.3-" + String(repeating: "a", count: PortableRegex.maxInputLength - 6)
        #expect(VersionShapeOperator.matches(.string(longest)))
    }
}
