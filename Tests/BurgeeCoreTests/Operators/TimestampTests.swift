import Testing
@testable import BurgeeCore

@Suite("Timestamp")
struct TimestampTests {
    private static let attosecondsPerMillisecond: UInt64 = 1_000_000_000_000_000

    private func stamp(_ text: String) throws -> Timestamp {
        try #require(Timestamp(rfc3339: text), "\(text) should parse")
    }

    @Test("Reads RFC 3339 date-times", arguments: [
        ("1970-01-01T00:00:00Z", 0 as Int64, 0 as UInt64),
        ("1970-01-01t00:00:00z", 0, 0),
        ("1970-01-01T00:00:01.5Z", 1, 500_000_000_000_000_000),
        ("1970-01-01T00:00:00.000000000000000001Z", 0, 1),
        ("1969-12-31T23:59:59.999Z", -1, 999_000_000_000_000_000),
        ("2023-11-14T22:13:20Z", 1_700_000_000, 0),
        ("2023-11-14T23:13:20+01:00", 1_700_000_000, 0),
        ("2023-11-14T21:43:20-00:30", 1_700_000_000, 0),
        ("2023-11-14T22:13:20-00:00", 1_700_000_000, 0),
        ("2000-02-29T00:00:00Z", 951_782_400, 0),
        ("2024-02-29T12:00:00Z", 1_709_208_000, 0),
        ("1600-02-29T00:00:00Z", -11_670_998_400, 0),
        ("0000-01-01T00:00:00Z", -62_167_219_200, 0),
        ("0000-03-01T00:00:00Z", -62_162_035_200, 0),
        ("9999-12-31T23:59:59Z", 253_402_300_799, 0),
        ("9999-12-31T23:59:59-23:59", 253_402_387_139, 0),
        ("0000-01-01T00:00:00+23:59", -62_167_305_540, 0),
    ])
    func reads(text: String, seconds: Int64, attoseconds: UInt64) throws {
        let t = try stamp(text)
        #expect(t.seconds == seconds)
        #expect(t.attoseconds == attoseconds)
        #expect(t.finerDigits.isEmpty)
    }

    @Test("Rejects other shapes and impossible dates", arguments: [
        // Not date-times.
        "", " ", "1700000000000", "0", "-1", "now", "2024", "2024-01", "2024-01-01", "2024-01-01T",
        "2024-01-01T00:00", "2024-01-01T00:00Z", "2024-01-01T00:00:00", "2024-01-01T00:00:00.5",
        "T00:00:00Z", "00:00:00Z",
        // Wrong separators or widths.
        "2024-01-01 00:00:00Z", "2024-01-01_00:00:00Z", "2024-01-01X00:00:00Z", "2024/01/01T00:00:00Z",
        "2024-01-01T00-00-00Z", "2024-01-01T00.00.00Z", "24-01-01T00:00:00Z", "02024-01-01T00:00:00Z",
        "+2024-01-01T00:00:00Z", "-2024-01-01T00:00:00Z", "2024-1-01T00:00:00Z", "2024-01-1T00:00:00Z",
        "2024-01-01T0:00:00Z", "2024-01-01T00:0:00Z", "2024-01-01T00:00:0Z", "２024-01-01T00:00:00Z",
        "2024-0a-01T00:00:00Z", "2024-01-01T00:00:0aZ",
        // Fractions.
        "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00,5Z", "2024-01-01T00:00:00.1.2Z", "2024-01-01T00:00:00.1aZ",
        "2024-01-01T00:00:00. 1Z", "2024-01-01T00:00:00..1Z",
        // Offsets.
        "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00-24:00", "2024-01-01T00:00:00+00:60",
        "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00+01", "2024-01-01T00:00:00+1:00",
        "2024-01-01T00:00:00+01:0", "2024-01-01T00:00:00+01:00:00", "2024-01-01T00:00:00+01:00Z",
        "2024-01-01T00:00:00ZZ", "2024-01-01T00:00:00Z+01:00", "2024-01-01T00:00:00UTC", "2024-01-01T00:00:00GMT",
        "2024-01-01T00:00:00\u{0B}01:00", "2024-01-01T00:00:00 +01:00", "2024-01-01T00:00:00+aa:00",
        // Surrounding text.
        " 2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z ", "2024-01-01T00:00:00Z\n", "\"2024-01-01T00:00:00Z\"",
        // Impossible values.
        "2024-00-01T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-32T00:00:00Z",
        "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2024-02-30T00:00:00Z",
        "2024-04-31T00:00:00Z", "2024-06-31T00:00:00Z", "2024-09-31T00:00:00Z", "2024-11-31T00:00:00Z",
        "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z", "2016-12-31T23:59:60Z",
        "2024-01-01T99:99:99Z",
    ])
    func rejects(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test("Accepts the last day of every month", arguments: [
        "2023-01-31", "2023-02-28", "2024-02-29", "2023-03-31", "2023-04-30", "2023-05-31", "2023-06-30",
        "2023-07-31", "2023-08-31", "2023-09-30", "2023-10-31", "2023-11-30", "2023-12-31",
    ])
    func lastDays(date: String) {
        #expect(Timestamp(rfc3339: date + "T23:59:59Z") != nil)
    }

    @Test("Compares instants with offsets applied")
    func offsets() throws {
        #expect(try stamp("2024-02-29T12:00:00+01:00") == stamp("2024-02-29T11:00:00Z"))
        #expect(try stamp("2024-01-01T00:00:00-00:30") == stamp("2024-01-01t00:30:00z"))
        #expect(try stamp("2024-01-01T00:00:00+23:59") < stamp("2023-12-31T00:02:00Z"))
        #expect(try stamp("2024-01-01T01:00:00.5+01:00") == stamp("2024-01-01T00:00:00.500Z"))
        #expect(try stamp("2024-01-01T00:00:00+00:01") < stamp("2024-01-01T00:00:00Z"))
        #expect(try stamp("2024-01-01T00:00:00Z") < stamp("2024-01-01T00:00:00-00:01"))
    }

    @Test("Compares fractions exactly at any length")
    func longFractions() throws {
        let a = try stamp("2024-01-01T00:00:00.1234567890123456789012345Z")
        let b = try stamp("2024-01-01T00:00:00.1234567890123456789012346Z")
        #expect(a < b)
        #expect(!(b < a))
        #expect(a != b)
        #expect(try stamp("2024-01-01T00:00:00.1Z") == stamp("2024-01-01T00:00:00.100000000000000000000000000Z"))
        #expect(try stamp("2024-01-01T00:00:00.1Z") < stamp("2024-01-01T00:00:00.1000000000000000000000000001Z"))
        #expect(try stamp("2024-01-01T00:00:00.123456789012345678Z") < stamp("2024-01-01T00:00:00.1234567890123456781Z"))
        #expect(try stamp("2024-01-01T00:00:00.12345678901234567809Z") < stamp("2024-01-01T00:00:00.1234567890123456781Z"))
        #expect(try stamp("2024-01-01T00:00:00.9999999999999999999999Z") < stamp("2024-01-01T00:00:01Z"))
        #expect(try stamp("2024-01-01T00:00:00.000000000000000000001Z") > stamp("2024-01-01T00:00:00Z"))
        let c = try stamp("2024-01-01T00:00:00.1234567890123456789012345000Z")
        #expect(c == a)
        #expect(c.hashValue == a.hashValue)
        #expect(c.finerDigits == "9012345")
    }

    @Test("Reads whole Unix milliseconds exactly", arguments: [
        (0.0, 0 as Int64, 0 as UInt64),
        (-0.0, 0, 0),
        (1.0, 0, 1_000_000_000_000_000),
        (999.0, 0, 999_000_000_000_000_000),
        (1000.0, 1, 0),
        (-1.0, -1, 999_000_000_000_000_000),
        (-1000.0, -1, 0),
        (-1001.0, -2, 999_000_000_000_000_000),
        (1_700_000_000_000.0, 1_700_000_000, 0),
        (1_700_000_000_123.0, 1_700_000_000, 123_000_000_000_000_000),
        (9_007_199_254_740_993.0, 9_007_199_254_740, 992_000_000_000_000_000),  // rounds to ...992 as a Double
        (9.3e18, 9_300_000_000_000_000, 0),
        (-9.3e18, -9_300_000_000_000_000, 0),
        (9_223_372_036_854_777_856.0, 9_223_372_036_854_777, 856_000_000_000_000_000),
        (-9_223_372_036_854_777_856.0, -9_223_372_036_854_778, 144_000_000_000_000_000),
        (9.2e21, 9_200_000_000_000_000_000, 0),
    ])
    func wholeMilliseconds(milliseconds: Double, seconds: Int64, attoseconds: UInt64) throws {
        let t = try #require(Timestamp(unixMilliseconds: milliseconds))
        #expect(t.seconds == seconds)
        #expect(t.attoseconds == attoseconds)
    }

    @Test("Reads fractional Unix milliseconds exactly down to attoseconds")
    func fractionalMilliseconds() throws {
        #expect(Timestamp(unixMilliseconds: 0.5) == (try stamp("1970-01-01T00:00:00.0005Z")))
        #expect(Timestamp(unixMilliseconds: 0.25) == (try stamp("1970-01-01T00:00:00.00025Z")))
        #expect(Timestamp(unixMilliseconds: -0.5) == (try stamp("1969-12-31T23:59:59.9995Z")))
        // 1700000000000.1 is 1700000000000.10009765625 as a Double.
        #expect(Timestamp(unixMilliseconds: 1_700_000_000_000.1) == (try stamp("2023-11-14T22:13:20.00010009765625Z")))
        #expect(Timestamp(unixMilliseconds: -1_700_000_000_000.1) == (try stamp("1916-02-18T01:46:39.99989990234375Z")))
        // 1e-9 is slightly above 10⁻⁹: the attoseconds round toward the past.
        let small = try #require(Timestamp(unixMilliseconds: 1e-9))
        #expect(small.seconds == 0 && small.attoseconds == 1_000_000)
        let negativeSmall = try #require(Timestamp(unixMilliseconds: -1e-9))
        #expect(negativeSmall.seconds == -1 && negativeSmall.attoseconds == 1_000_000_000_000_000_000 - 1_000_001)
        let tiny = try #require(Timestamp(unixMilliseconds: .leastNonzeroMagnitude))
        #expect(tiny.seconds == 0 && tiny.attoseconds == 0)
        let negativeTiny = try #require(Timestamp(unixMilliseconds: -.leastNonzeroMagnitude))
        #expect(negativeTiny.seconds == -1 && negativeTiny.attoseconds == 999_999_999_999_999_999)
    }

    @Test("Orders neighbouring Doubles strictly where their gap is at least 10⁻¹⁸ s")
    func neighbours() throws {
        // From 2³⁷ ms on, a Double's spacing is a whole number of attoseconds: conversion is exact.
        for x in [137_438_953_472.0, -137_438_953_472.0, 1_700_000_000_000.5, -1_700_000_000_000.5,
                  4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 9.3e18, -9.3e18] {
            let t = try #require(Timestamp(unixMilliseconds: x))
            #expect(try #require(Timestamp(unixMilliseconds: x.nextDown)) < t, "\(x)")
            #expect(t < (try #require(Timestamp(unixMilliseconds: x.nextUp))), "\(x)")
        }
        // Closer to the epoch, gaps below an attosecond collapse, but the order never inverts.
        for x in [0.0, 1.0, -1.0, 0.1, -0.1, 1e-300, -1e-300] {
            let t = try #require(Timestamp(unixMilliseconds: x))
            #expect(try #require(Timestamp(unixMilliseconds: x.nextDown)) <= t, "\(x)")
            #expect(t <= (try #require(Timestamp(unixMilliseconds: x.nextUp))), "\(x)")
        }
    }

    @Test("Saturates beyond ±2⁶³ seconds")
    func saturation() throws {
        #expect(Timestamp(unixMilliseconds: 1e300)?.seconds == .max)
        #expect(Timestamp(unixMilliseconds: -1e300)?.seconds == .min)
        #expect(Timestamp(unixMilliseconds: .greatestFiniteMagnitude)?.seconds == .max)
        #expect(try #require(Timestamp(unixMilliseconds: 9.2e21)) < Timestamp(unixMilliseconds: 1e300)!)
    }

    @Test("Rejects non-finite numbers", arguments: [Double.nan, -.nan, .signalingNaN, .infinity, -.infinity])
    func nonFinite(value: Double) {
        #expect(Timestamp(unixMilliseconds: value) == nil)
    }

    @Test("Numbers and strings agree on the same instant")
    func numbersMatchStrings() throws {
        #expect(Timestamp(unixMilliseconds: 0) == (try stamp("1970-01-01T00:00:00Z")))
        #expect(Timestamp(unixMilliseconds: -1) == (try stamp("1969-12-31T23:59:59.999Z")))
        #expect(Timestamp(unixMilliseconds: 1_700_000_000_000) == (try stamp("2023-11-14T22:13:20Z")))
        #expect(Timestamp(unixMilliseconds: 253_402_300_799_999) == (try stamp("9999-12-31T23:59:59.999Z")))
        #expect(Timestamp(unixMilliseconds: -62_167_219_200_000) == (try stamp("0000-01-01T00:00:00Z")))
    }

    @Test("Reads attributes: numbers as milliseconds, strings as RFC 3339")
    func attributes() throws {
        #expect(Timestamp(attribute: .number(1_700_000_000_000)) == (try stamp("2023-11-14T22:13:20Z")))
        #expect(Timestamp(attribute: .string("2023-11-14T22:13:20Z")) == Timestamp(unixMilliseconds: 1_700_000_000_000))
        #expect(Timestamp(attribute: .number(.infinity)) == nil)
        #expect(Timestamp(attribute: .string("1700000000000")) == nil)
        #expect(Timestamp(attribute: .string("2024-01-01")) == nil)
        #expect(Timestamp(attribute: .null) == nil)
        #expect(Timestamp(attribute: .bool(true)) == nil)
        #expect(Timestamp(attribute: .array([.number(0)])) == nil)
        #expect(Timestamp(attribute: .object(["ms": .number(0)])) == nil)
    }

    @Test("Parses a Substring")
    func substring() throws {
        let text = "at 2024-01-01T00:00:00.12345678901234567891Z!"
        let slice = text.dropFirst(3).dropLast()
        #expect(Timestamp(rfc3339: slice) == (try stamp("2024-01-01T00:00:00.12345678901234567891Z")))
    }
}
