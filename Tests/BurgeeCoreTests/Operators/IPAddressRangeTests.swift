import Testing
@testable import BurgeeCore

@Suite("IPAddress")
struct IPAddressTests {
    @Test("Reads IPv4 dotted quads", arguments: [
        ("0.0.0.0", 0 as UInt64),
        ("1.2.3.4", 0x0102_0304),
        ("10.0.0.1", 0x0A00_0001),
        ("192.168.100.200", 0xC0A8_64C8),
        ("255.255.255.255", 0xFFFF_FFFF),
    ])
    func ipv4(text: String, value: UInt64) throws {
        let address = try #require(IPAddress(parsing: text))
        #expect(address.family == .ipv4)
        #expect(address.high == 0)
        #expect(address.low == value)
    }

    @Test("Reads IPv6 text forms", arguments: [
        ("::", 0 as UInt64, 0 as UInt64),
        ("::1", 0, 1),
        ("1::", 0x0001_0000_0000_0000, 0),
        ("1:2:3:4:5:6:7:8", 0x0001_0002_0003_0004, 0x0005_0006_0007_0008),
        ("0:0:0:0:0:0:0:0", 0, 0),
        ("2001:DB8::8:800:200C:417A", 0x2001_0DB8_0000_0000, 0x0008_0800_200C_417A),
        ("2001:db8::8:800:200c:417a", 0x2001_0DB8_0000_0000, 0x0008_0800_200C_417A),
        ("FF01::101", 0xFF01_0000_0000_0000, 0x0000_0000_0000_0101),
        ("1:2::7:8", 0x0001_0002_0000_0000, 0x0000_0000_0007_0008),
        ("1:2:3:4:5:6:7::", 0x0001_0002_0003_0004, 0x0005_0006_0007_0000),
        ("::2:3:4:5:6:7:8", 0x0000_0002_0003_0004, 0x0005_0006_0007_0008),
        ("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .max, .max),
        ("0001:0002:0003:0004:0005:0006:0007:0008", 0x0001_0002_0003_0004, 0x0005_0006_0007_0008),
        ("::ffff:1.2.3.4", 0, 0x0000_FFFF_0102_0304),
        ("::FFFF:129.144.52.38", 0, 0x0000_FFFF_8190_3426),
        ("::1.2.3.4", 0, 0x0000_0000_0102_0304),
        ("1:2:3:4:5:6:1.2.3.4", 0x0001_0002_0003_0004, 0x0005_0006_0102_0304),
        ("64:ff9b::192.0.2.33", 0x0064_FF9B_0000_0000, 0x0000_0000_C000_0221),
    ])
    func ipv6(text: String, high: UInt64, low: UInt64) throws {
        let address = try #require(IPAddress(parsing: text))
        #expect(address.family == .ipv6)
        #expect(address.high == high)
        #expect(address.low == low)
    }

    @Test("Rejects malformed addresses", arguments: [
        // IPv4.
        "", " ", "1", "1.2", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1.256.1.1", "1.1.1.256", "999.1.1.1",
        "1.2.3.04", "01.2.3.4", "1.02.3.4", "00.0.0.0", "1.2.3.00", "1.2.3.4.", ".1.2.3.4", "1..2.3", "1.2..3.4",
        "1.2.3.-4", "-1.2.3.4", "+1.2.3.4", "1.2.3.+4", "1234.1.1.1", "1.2.3.1000", "0x1.2.3.4", "a.b.c.d",
        " 1.2.3.4", "1.2.3.4 ", "1.2.3.4\n", "1.2.3.4/", "1.2.3.4%eth0", "1,2,3,4", "１.2.3.4",
        // IPv6.
        ":", ":::", "::::", "1:::2", ":1::", ":1:2:3:4:5:6:7:8", "::1:", "1::2:", "1:2:3:4:5:6:7:8:",
        "1::2::3", "::1::", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8",
        "1:2:3:4::5:6:7:8", "12345::", "::12345", "0000:0000:0000:0000:0000:0000:0000:00000", "g::", "::g",
        "fe80::1%eth0", "fe80::1%1", "[::1]", "[::1]:80", "::-1", " ::1", "::1 ", "1 ::2",
        // Embedded IPv4.
        "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3", "::01.2.3.4", "::1.2.3.4:5", "1.2.3.4::", "::ffff:256.1.1.1",
        "::ffff:1.2.3.4.5", "1:2:3:4:5:6:1.2.3.4:1", "::1.2.3.4::", "::a.2.3.4", "1:2:3:4:5:6:7:8:1.2.3.4",
    ])
    func rejects(text: String) {
        #expect(IPAddress(parsing: text) == nil)
    }

    @Test("Hexadecimal digits are case-insensitive and leading zeros optional")
    func equivalentForms() {
        #expect(IPAddress(parsing: "ABCD:EF01::") == IPAddress(parsing: "abcd:ef01:0:0:0:0:0:0"))
        #expect(IPAddress(parsing: "::ffff:1.2.3.4") == IPAddress(parsing: "0:0:0:0:0:ffff:102:304"))
        #expect(IPAddress(parsing: "0::0") == IPAddress(parsing: "::"))
    }

    @Test("An IPv4-mapped IPv6 address is not the IPv4 address")
    func mappedIsIPv6() throws {
        let mapped = try #require(IPAddress(parsing: "::ffff:1.2.3.4"))
        let plain = try #require(IPAddress(parsing: "1.2.3.4"))
        #expect(mapped != plain)
        #expect(mapped.family == .ipv6)
    }

    @Test("Parses a Substring")
    func substring() {
        let text = "(2001:db8::1)"
        #expect(IPAddress(parsing: text.dropFirst().dropLast()) == IPAddress(parsing: "2001:db8::1"))
    }
}

@Suite("IPAddressRange")
struct IPAddressRangeTests {
    private func range(_ text: String) throws -> IPAddressRange {
        try #require(IPAddressRange(cidr: text), "\(text) should parse")
    }

    private func address(_ text: String) throws -> IPAddress {
        try #require(IPAddress(parsing: text), "\(text) should parse")
    }

    @Test("Matches addresses inside the range", arguments: [
        ("10.0.0.0/8", "10.0.0.0", true),
        ("10.0.0.0/8", "10.255.255.255", true),
        ("10.0.0.0/8", "11.0.0.0", false),
        ("10.0.0.0/8", "9.255.255.255", false),
        ("192.168.1.0/24", "192.168.1.77", true),
        ("192.168.1.0/24", "192.168.2.1", false),
        ("192.168.1.128/25", "192.168.1.127", false),
        ("192.168.1.128/25", "192.168.1.128", true),
        ("1.2.3.4/31", "1.2.3.5", true),
        ("1.2.3.4/31", "1.2.3.6", false),
        ("1.2.3.4/32", "1.2.3.4", true),
        ("1.2.3.4/32", "1.2.3.5", false),
        ("0.0.0.0/0", "255.255.255.255", true),
        ("0.0.0.0/0", "0.0.0.0", true),
        ("2001:db8::/32", "2001:db8:ffff:ffff::1", true),
        ("2001:db8::/32", "2001:db9::", false),
        ("2001:db8::/32", "2001:db7:ffff::", false),
        ("1:2:3:4::/64", "1:2:3:4:ffff:ffff:ffff:ffff", true),
        ("1:2:3:4::/64", "1:2:3:5::", false),
        ("1:2:3:4::/63", "1:2:3:5::", true),
        ("1:2:3:4::/63", "1:2:3:6::", false),
        ("1:2:3:4:8000::/65", "1:2:3:4:ffff::", true),
        ("1:2:3:4:8000::/65", "1:2:3:4:7fff::", false),
        ("1:2:3:4:5:6:7:8/127", "1:2:3:4:5:6:7:9", true),
        ("1:2:3:4:5:6:7:8/127", "1:2:3:4:5:6:7:a", false),
        ("::1/128", "::1", true),
        ("::1/128", "::", false),
        ("::/0", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", true),
        ("::ffff:0:0/96", "::ffff:1.2.3.4", true),
        ("::ffff:0.0.0.0/96", "::ffff:255.255.255.255", true),
        ("::ffff:0:0/96", "::fffe:1.2.3.4", false),
    ])
    func contains(cidr: String, candidate: String, expected: Bool) throws {
        #expect(try range(cidr).contains(address(candidate)) == expected)
    }

    @Test("IPv4 and IPv6 never match each other", arguments: [
        ("0.0.0.0/0", "::"),
        ("0.0.0.0/0", "::ffff:1.2.3.4"),
        ("1.2.3.0/24", "::ffff:1.2.3.4"),
        ("1.2.3.0/24", "::1.2.3.4"),
        ("::/0", "1.2.3.4"),
        ("::/0", "0.0.0.0"),
        ("::ffff:0:0/96", "1.2.3.4"),
    ])
    func familiesDoNotMix(cidr: String, candidate: String) throws {
        #expect(try !range(cidr).contains(address(candidate)))
    }

    @Test("A bare address is a single-address range")
    func bareAddress() throws {
        let v4 = try range("1.2.3.4")
        #expect(v4.prefixLength == 32)
        #expect(try v4.contains(address("1.2.3.4")))
        #expect(try !v4.contains(address("1.2.3.5")))
        let v6 = try range("::1")
        #expect(v6.prefixLength == 128)
        #expect(try v6.contains(address("::1")))
        #expect(try !v6.contains(address("::2")))
        #expect(try range("::ffff:1.2.3.4").prefixLength == 128)
    }

    @Test("Host bits in the range are cleared")
    func hostBits() throws {
        #expect(try range("10.1.2.3/8") == range("10.0.0.0/8"))
        #expect(try range("10.1.2.3/8").network == address("10.0.0.0"))
        #expect(try range("2001:db8:1:2:3:4:5:6/32").network == address("2001:db8::"))
        #expect(try range("1:2:3:4:ffff::/65").network == address("1:2:3:4:8000::"))
        #expect(try range("255.255.255.255/0").network == address("0.0.0.0"))
        #expect(try range("ffff::/0").network == address("::"))
    }

    @Test("Every IPv6 prefix length masks exactly its bits")
    func everyIPv6Prefix() throws {
        let all = IPAddress(family: .ipv6, high: .max, low: .max)
        for length in 0...128 {
            let block = try #require(IPAddressRange(address: all, prefixLength: length))
            for bit in 0..<128 {
                // The all-ones address with one bit cleared, counting from the most significant.
                let high: UInt64 = bit < 64 ? ~(1 << (63 - bit)) : .max
                let low: UInt64 = bit >= 64 ? ~(1 << (127 - bit)) : .max
                #expect(block.contains(IPAddress(family: .ipv6, high: high, low: low)) == (bit >= length))
            }
        }
    }

    @Test("Every IPv4 prefix length masks exactly its bits")
    func everyIPv4Prefix() throws {
        for length in 0...32 {
            let block = try range("255.255.255.255/\(length)")
            for bit in 0..<32 {
                let value = UInt32.max & ~(1 << (31 - bit))
                #expect(block.contains(IPAddress(family: .ipv4, high: 0, low: UInt64(value))) == (bit >= length))
            }
        }
    }

    @Test("Accepts every valid prefix length")
    func validLengths() {
        for length in 0...32 { #expect(IPAddressRange(cidr: "10.0.0.0/\(length)") != nil) }
        for length in 0...128 { #expect(IPAddressRange(cidr: "2001:db8::/\(length)") != nil) }
    }

    @Test("Rejects malformed ranges", arguments: [
        "", "/", "/8", "/0", "10.0.0.0/", "::/", "10.0.0.0/33", "10.0.0.0/64", "10.0.0.0/128", "::/129", "::/1000",
        "10.0.0.0/08", "10.0.0.0/00", "::/0128", "::/064", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/8/8", "10.0.0.0//8",
        "10.0.0.0/ 8", "10.0.0.0 /8", "10.0.0.0/8 ", " 10.0.0.0/8", "10.0.0.0/1a", "10.0.0.0/a", "10.0.0.0/8.0",
        "10.0.0.0/99999999999999999999999", "10.0.0/8", "10.0.0.256/8", "10.0.0.01/8", "::1%0/64", "fe80::1%eth0/64",
        "[::1]/128", "2001:db8::/32/", "1:2:3:4:5:6:7:8:9/64", "10.0.0.0/255.0.0.0",
    ])
    func rejects(text: String) {
        #expect(IPAddressRange(cidr: text) == nil)
    }

    @Test("Rejects prefix lengths outside the family's width")
    func prefixBounds() throws {
        let v4 = try address("1.2.3.4")
        let v6 = try address("::1")
        #expect(IPAddressRange(address: v4, prefixLength: -1) == nil)
        #expect(IPAddressRange(address: v4, prefixLength: 33) == nil)
        #expect(IPAddressRange(address: v6, prefixLength: -1) == nil)
        #expect(IPAddressRange(address: v6, prefixLength: 129) == nil)
        #expect(IPAddressRange(address: v4, prefixLength: 32)?.prefixLength == 32)
        #expect(IPAddressRange(address: v6, prefixLength: 0)?.prefixLength == 0)
    }

    @Test("Parses a Substring")
    func substring() throws {
        let text = "inCIDR 10.0.0.0/8"
        let block = try #require(IPAddressRange(cidr: text.dropFirst(7)))
        #expect(try block == range("10.0.0.0/8"))
    }
}
