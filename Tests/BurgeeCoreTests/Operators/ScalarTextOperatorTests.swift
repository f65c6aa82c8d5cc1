@testable import BurgeeCore
import Testing

@Suite("MD5, scalars as text, and versions of three parts")
struct ScalarTextOperatorTests {
    @Test("MD5 gives RFC 1321's digests, whatever the feeding", arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func md5(_ text: String, _ hex: String) {
        var whole = MD5()
        whole.combine(text)
        #expect(whole.finalize().hex == hex)
        var bytewise = MD5()
        for byte in text.utf8 { bytewise.combine(byte) }
        #expect(bytewise.finalize().hex == hex)
        #expect(whole == bytewise)
    }

    @Test("MD5 across block boundaries: 55, 56, 63, 64 and 65 bytes pad as md5sum does", arguments: [
        (55, "ef1772b6dff9a122358552954ad0df65"), (56, "3b0c8ac703f828b04c6c197006d17218"),
        (63, "b06521f39153d618550606be297466d5"), (64, "014842d480b571495a4a0363793f7367"),
        (65, "c743a45e0d2e6a95cb859adae0248435"),
    ])
    func md5Padding(_ count: Int, _ hex: String) {
        var md5 = MD5()
        md5.combine(String(repeating: "a", count: count))
        #expect(md5.finalize().hex == hex)
    }

    @Test("numbers are written as Rust writes an f64: shortest digits, never an exponent", arguments: [
        (42.0, "42"), (3.5, "3.5"), (1e21, "1000000000000000000000"), (1e-7, "0.0000001"), (-0.0, "-0"),
        (0.1, "0.1"), (100.0, "100"), (9007199254740993.0, "9007199254740992"), (-2.5e-3, "-0.0025"),
        (123456.789, "123456.789"), (1e16, "10000000000000000"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
    ])
    func scalarText(_ n: Double, _ text: String) {
        #expect(ScalarText.number(n) == text)
    }

    @Test("ONE_OF compares a scalar's text: a number only with its exact text, booleans as true and false")
    func members() {
        let members = ScalarTextOperator.Members(["42", "3.50", "-0", "true", "abc"])
        #expect(members.contains(.number(42)))
        #expect(!members.contains(.number(3.5)), "3.5 is written 3.5, not 3.50")
        #expect(members.contains(.number(-0.0)))
        #expect(!members.contains(.number(0)), "0 is written 0, not -0")
        #expect(members.contains(.bool(true)))
        #expect(!members.contains(.bool(false)))
        #expect(members.contains(.string("abc")))
        #expect(!members.contains(.string("ABC")))
        #expect(!members.contains(.null))
    }

    @Test("versions of three parts only; with countsBuild the order counts build metadata, without it not")
    func versions() throws {
        #expect(FullSemVerOperator.version("1.2") == nil)
        #expect(FullSemVerOperator.version("v1.2.3") == nil)
        #expect(FullSemVerOperator.version("1.2.3.4") == nil)
        let base = try #require(FullSemVerOperator.version("2.0.0"))
        let withBuild = JSONValue.string("2.0.0+b")
        #expect(Operator.fullSemVer(FullSemVerOperator.Test(.equal, base, countsBuild: false)).matches(withBuild))
        #expect(Operator.fullSemVer(FullSemVerOperator.Test(.greater, base, countsBuild: true)).matches(withBuild))
        #expect(!Operator.fullSemVer(FullSemVerOperator.Test(.notEqual, base, countsBuild: false)).matches(.string("2.0")),
                "a text that is not a version fails every comparison, inequality included")
    }
}
