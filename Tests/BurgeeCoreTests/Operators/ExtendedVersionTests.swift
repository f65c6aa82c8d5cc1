import Testing
@testable import BurgeeCore

/// Versions of any number of numeric parts, as Datadog's `SEMVER_*` read them (ddtrace 4.16.0).
@Suite("ExtendedVersion: any number of numeric parts, missing ones 0")
struct ExtendedVersionTests {
    @Test(arguments: [
        ("1.2", "1.2.0", 0), ("1.2", "1.2.0.0", 0), ("1.2.0.1", "1.2", 1), ("1", "1.2", -1),
        ("1.2.3.4", "1.2.3", 1), ("1.2.3.0", "1.2.3", 0), ("1.2-rc.1", "1.2", -1), ("1.2+b", "1.2.0", 0),
        ("1.2.3.4-rc.1", "1.2.3.4-rc.0", 1), ("18446744073709551615", "18446744073709551614.9", 1),
        ("1.10", "1.9", 1), ("1.2.3-alpha", "1.2.3-alpha.1", -1), ("0", "0.0.0.0", 0),
    ])
    func orders(a: String, b: String, order: Int) {
        #expect(ExtendedVersion.compare(a, b) == order)
        #expect(ExtendedVersion.compare(b, a) == -order)
    }

    @Test(arguments: ["", "01.2", "1.02", "1.2.", ".1", "1..2", "v1.2", " 1.2", "1.2 ", "1.2-", "1.2-01", "1.2+",
                      "1.2+a+b", "-1", "18446744073709551616", "1.2.3-α", "1.2.3.04"])
    func refuses(text: String) {
        #expect(!ExtendedVersion.isVersion(text))
        #expect(ExtendedVersion.compare(text, "1.2.3") == nil)
        #expect(!Operator.extendedVersion(ExtendedVersionOperator.Test(.notEqual, "1.2.3")).matches(.string(text)))
    }

    @Test func onlyStringsAreVersions() {
        let test = Operator.extendedVersion(ExtendedVersionOperator.Test(.notEqual, "1.2"))
        #expect(test.matches(.string("1")))
        #expect(!test.matches(.number(1)))
        #expect(!test.matches(.bool(true)))
    }
}
