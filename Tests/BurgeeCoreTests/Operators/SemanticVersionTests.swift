import Testing
@testable import BurgeeCore

@Suite("SemanticVersion")
struct SemanticVersionTests {
    @Test("Reads every part", arguments: [
        ("1.2.3", 1, 2, 3, nil, nil),
        ("0.0.0", 0, 0, 0, nil, nil),
        ("10.20.30", 10, 20, 30, nil, nil),
        ("1", 1, 0, 0, nil, nil),
        ("1.2", 1, 2, 0, nil, nil),
        ("1-beta", 1, 0, 0, "beta", nil),
        ("1.2-beta", 1, 2, 0, "beta", nil),
        ("1+build", 1, 0, 0, nil, "build"),
        ("1.2.3-rc.1+build.5", 1, 2, 3, "rc.1", "build.5"),
        ("1.0.0-alpha+001", 1, 0, 0, "alpha", "001"),
        ("1.0.0+01.002", 1, 0, 0, nil, "01.002"),
        ("1.0.0-0a", 1, 0, 0, "0a", nil),
        ("1.0.0-0A.is.legal", 1, 0, 0, "0A.is.legal", nil),
        ("1.0.0-x.7.z.92", 1, 0, 0, "x.7.z.92", nil),
        ("1.0.0---RC-SNAPSHOT.12.9.1--.12+788", 1, 0, 0, "--RC-SNAPSHOT.12.9.1--.12", "788"),
        ("1.0.0--", 1, 0, 0, "-", nil),
        ("18446744073709551615.18446744073709551615.18446744073709551615",
         UInt64.max, UInt64.max, UInt64.max, nil, nil),
    ] as [(String, UInt64, UInt64, UInt64, String?, String?)])
    func parts(text: String, major: UInt64, minor: UInt64, patch: UInt64, prerelease: String?, build: String?) throws {
        let version = try #require(SemanticVersion(parsing: text))
        #expect(version.major == major)
        #expect(version.minor == minor)
        #expect(version.patch == patch)
        #expect(version.prerelease.map(String.init) == prerelease)
        #expect(version.build.map(String.init) == build)
    }

    @Test("Rejects malformed versions", arguments: [
        "", " ", "\t", "1 ", " 1", "1.0.0 ", "1. 0.0", "1.0.0-a b",
        "v1", "v1.0.0", "V1.2.3", "=1.0.0",
        "01", "00", "1.01", "1.00", "1.0.01", "01.0.0",
        "1.2.3.4", "1.2.3.0", "1.2.3.4-beta",
        "1.", "1.2.", "1..2", ".1", ".1.2.3", "..", ".",
        "1-", "1.0.0-", "1+", "1.0.0+", "1.0.0-+", "1.0.0-+build",
        "1.0.0-a..b", "1.0.0-a.", "1.0.0-.a", "1.0.0+a..b", "1.0.0+a.", "1.0.0+.a",
        "1.0.0-01", "1.0.0-00", "1.0.0-alpha.01", "1.0.0-0.01",
        "1.0.0-a_b", "1.0.0+a_b", "1.0.0-é", "1.0.0+ü", "1.0.0-a/b", "1.0.0-a~",
        "1.0.0+build+x", "1.0.0-a+b+c",
        "18446744073709551616", "1.18446744073709551616", "1.0.18446744073709551616",
        "99999999999999999999999.0.0",
        "-1", "+1", "-1.0.0", "a", "a.b.c", "1.a.0", "1.0.a", "x.y.z",
        "１.0.0", "1,0,0", "1_0_0", "1.0.0\n", "1.0.0\0",
    ])
    func rejects(text: String) {
        #expect(SemanticVersion(parsing: text) == nil)
    }

    @Test("Orders by semver 2.0 precedence")
    func precedence() throws {
        // Strictly increasing, including the examples of semver.org §11.
        let ordered = [
            "0.0.0", "0.0.1-0", "0.0.1", "0.1", "0.1.1", "0.9.99",
            "1.0.0-0", "1.0.0-0.0", "1.0.0-1", "1.0.0-2", "1.0.0-10",
            "1.0.0-99999999999999999999999", "1.0.0-100000000000000000000000",
            "1.0.0--", "1.0.0-0a", "1.0.0-A", "1.0.0-Z", "1.0.0-a",
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
            "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
            "1.0.1", "1.2", "1.2.1", "1.10.0", "2", "2.0.1", "10.0.0", "18446744073709551615.0.0",
        ]
        let versions = try ordered.map { try #require(SemanticVersion(parsing: $0)) }
        for i in versions.indices {
            for j in versions.indices {
                #expect((versions[i] < versions[j]) == (i < j), "\(ordered[i]) < \(ordered[j])")
                #expect((versions[i] == versions[j]) == (i == j), "\(ordered[i]) == \(ordered[j])")
            }
        }
    }

    @Test("Missing parts equal zero", arguments: [
        ("1", "1.0.0"), ("1.2", "1.2.0"), ("1-beta", "1.0.0-beta"), ("0", "0.0.0"), ("3.1-rc.1+x", "3.1.0-rc.1"),
    ])
    func missingParts(short: String, full: String) throws {
        let a = try #require(SemanticVersion(parsing: short))
        let b = try #require(SemanticVersion(parsing: full))
        #expect(a == b)
        #expect(!(a < b) && !(b < a))
    }

    @Test("Build metadata plays no part in precedence")
    func buildIgnored() throws {
        let a = try #require(SemanticVersion(parsing: "1.0.0+a"))
        let b = try #require(SemanticVersion(parsing: "1.0.0+b.2"))
        let c = try #require(SemanticVersion(parsing: "1.0.0"))
        #expect(a == b && b == c)
        #expect(!(a < b) && !(b < a))
        #expect(a.hashValue == c.hashValue)
        let pre = try #require(SemanticVersion(parsing: "1.0.0-rc.1+x"))
        #expect(pre == SemanticVersion(parsing: "1.0.0-rc.1+y"))
        #expect(pre < c)
    }

    @Test("A version without prerelease ranks above one with")
    func releaseAbovePrerelease() throws {
        let release = try #require(SemanticVersion(parsing: "2.0.0"))
        let pre = try #require(SemanticVersion(parsing: "2.0.0-zzz.999"))
        #expect(pre < release)
        #expect(!(release < pre))
        #expect(try #require(SemanticVersion(parsing: "1.9.9")) < pre)
    }

    @Test("Numeric identifiers compare numerically at any length")
    func longNumericIdentifiers() throws {
        let a = try #require(SemanticVersion(parsing: "1.0.0-123456789012345678901234567890"))
        let b = try #require(SemanticVersion(parsing: "1.0.0-123456789012345678901234567891"))
        let c = try #require(SemanticVersion(parsing: "1.0.0-9"))
        #expect(a < b)
        #expect(c < a)
        #expect(try #require(SemanticVersion(parsing: "1.0.0-9.a")) < SemanticVersion(parsing: "1.0.0-10")!)
    }

    @Test("Parses a Substring and keeps its slice")
    func substring() throws {
        let text = "[1.2.3-alpha.1+meta]"
        let slice = text.dropFirst().dropLast()
        let version = try #require(SemanticVersion(parsing: slice))
        #expect(version.prerelease == "alpha.1")
        #expect(version.build == "meta")
        #expect(version == SemanticVersion(parsing: "1.2.3-alpha.1"))
    }

    @Test("Describes itself in full")
    func description() throws {
        #expect(try #require(SemanticVersion(parsing: "1")).description == "1.0.0")
        #expect(try #require(SemanticVersion(parsing: "1.2-rc.1+b.7")).description == "1.2.0-rc.1+b.7")
    }

    @Test("Equal versions hash alike")
    func hashing() throws {
        let set: Set<SemanticVersion> = [try #require(SemanticVersion(parsing: "1.2")), try #require(SemanticVersion(parsing: "1.2.0+x"))]
        #expect(set.count == 1)
    }
}
