import Testing
@testable import Burgee
import BurgeeCore

/// Change events name every flag whose evaluation could differ: through prerequisite chains and
/// nested segments of any length (long ones past the passes the detector makes before it builds
/// an index of users), whether the changed items are given (a patch) or found by comparison.
@Suite struct ChangeDetectorTests {
    static let boolean = #""enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"off""#

    /// Flags `c0`…`c11`, each `c(i)` requiring `c(i-1)`; segments `s0`…`s6`, each `s(i)` matching
    /// `s(i-1)`; flag `uses-s6` matching `s6`; flag `alone` using nothing.
    private func document(c0Serves: String = "on", s0Includes: String = "u-1") throws -> JSONValue {
        var flags: [String: JSONValue] = [:]
        flags["c0"] = try JSONValue(parsing: "{\(Self.boolean),\"fallthrough\":{\"variation\":\"\(c0Serves)\"}}")
        for i in 1..<12 {
            flags["c\(i)"] = try JSONValue(parsing: "{\(Self.boolean),\"prerequisites\":[{\"flag\":\"c\(i - 1)\",\"variation\":\"on\"}],\"fallthrough\":{\"variation\":\"on\"}}")
        }
        flags["uses-s6"] = try JSONValue(parsing: #"{"# + Self.boolean + #","rules":[{"clauses":[{"op":"segmentMatch","values":["s6"]}],"variation":"on"}],"fallthrough":{"variation":"off"}}"#)
        flags["alone"] = try JSONValue(parsing: "{\(Self.boolean),\"fallthrough\":{\"variation\":\"on\"}}")
        var segments: [String: JSONValue] = ["s0": .object(["included": [.string(s0Includes)]])]
        for i in 1..<7 {
            segments["s\(i)"] = try JSONValue(parsing: "{\"rules\":[{\"clauses\":[{\"op\":\"segmentMatch\",\"values\":[\"s\(i - 1)\"]}]}]}")
        }
        return ["formatVersion": 1, "version": 1, "flags": .object(flags), "segments": .object(segments)]
    }

    private func snapshot(_ json: JSONValue) throws -> Snapshot {
        Snapshot(compiling: try DefinitionsDocument(json: json))
    }

    @Test func aChangeReachesTheWholePrerequisiteChain() throws {
        let old = try snapshot(document()), new = try snapshot(document(c0Serves: "off"))
        let chain = (0..<12).map { "c\($0)" }.sorted()
        let found = ChangeDetector.changes(from: old, to: new)
        #expect(found.flags == chain)
        #expect(found.segments.isEmpty)
        let given = ChangeDetector.changes(from: old, to: new, touched: (["c0"], []))
        #expect(given.flags == chain)
    }

    @Test func aChangeReachesThroughNestedSegments() throws {
        let old = try snapshot(document()), new = try snapshot(document(s0Includes: "u-2"))
        let found = ChangeDetector.changes(from: old, to: new)
        #expect(found.flags == ["uses-s6"])
        #expect(found.segments == ["s0"])
        let given = ChangeDetector.changes(from: old, to: new, touched: ([], ["s0"]))
        #expect(given.flags == ["uses-s6"] && given.segments == ["s0"])
    }

    @Test func anUntouchedFlagIsNotCompared() throws {
        let old = try snapshot(document()), new = try snapshot(document(c0Serves: "off"))
        // Told that only `alone` was touched, the detector does not compare `c0`.
        #expect(ChangeDetector.changes(from: old, to: new, touched: (["alone"], [])).flags.isEmpty)
    }
}
