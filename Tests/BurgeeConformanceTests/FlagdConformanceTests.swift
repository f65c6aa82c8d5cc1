import BurgeeCore
import Foundation
import Testing

/// Runs spec-fixtures/flagd/: flagd documents with cases of a flag, an OpenFeature context, a
/// default and the expected flagd result (see spec-fixtures/flagd/README.md).
@Suite("spec-fixtures/flagd")
struct FlagdConformanceTests {
    static var files: [String] { FixtureFiles.arguments(in: "flagd") }

    @Test("the folder holds at least 469 cases in at least 10 files")
    func count() throws {
        let files = try FixtureFiles.jsonFiles(in: "flagd")
        var cases = 0
        for file in files {
            cases += try FixtureFiles.json("flagd/" + file).objectValue?["cases"]?.arrayValue?.count ?? 0
        }
        #expect(files.count >= 10, "\(files.count) files")
        #expect(cases >= 469, "\(cases) cases")
    }

    @Test("every case gives its expected flagd result", arguments: files)
    func file(_ name: String) throws {
        let file = try #require(FixtureFiles.json("flagd/" + name).objectValue)
        let documents = try #require(file["documents"]?.arrayValue)
        let rule = try #require(FlagdLoweringOptions.FractionalRule(rawValue: file["fractionalRule"]?.stringValue ?? "v2"))
        let now = file["now"]?.stringValue.flatMap { Timestamp(rfc3339: $0) }
        let snapshot = Snapshot(compiling: try Definitions(flagdDocuments: documents),
                                flagd: FlagdLoweringOptions(fractionalRule: rule, now: now))
        let cases = try #require(file["cases"]?.arrayValue)
        #expect(!cases.isEmpty)
        for c in cases {
            let o = try #require(c.objectValue)
            let flag = try #require(o["flag"]?.stringValue)
            let type = o["type"]?.stringValue.flatMap(ValueType.init(rawValue:))
            let detail = snapshot.evaluate(flag, context: Context(flagdJSON: o["context"] ?? [:]), default: o["default"] ?? .null,
                                           as: type)
            let result = snapshot.flagdResult(for: detail, flag: flag)
            #expect(result.json == o["expected"], "\(name): \(o["description"]?.stringValue ?? flag): \(result.json)")
        }
    }

    @Test("a document that is not flagd's shape is refused as a whole", arguments: [
        "[]", #"{"flags":[]}"#, #"{"flags":"x"}"#, #"{"nothing":{}}"#,
    ])
    func refused(_ text: String) throws {
        let json = try JSONValue(parsing: Array(text.utf8))
        #expect(throws: DefinitionsError.self) { try FlagdDocument(json: json) }
    }

    @Test("targeting nested deeper than the limit makes only that flag malformed, with its path")
    func deepTargeting() throws {
        var targeting: JSONValue = ["a"]
        for _ in 0..<100 { targeting = ["!": targeting] }
        let json: JSONValue = ["flags": [
            "deep": ["state": "ENABLED", "variants": ["a": 1], "defaultVariant": "a", "targeting": targeting],
            "fine": ["state": "ENABLED", "variants": ["a": 1], "defaultVariant": "a"],
        ]]
        let snapshot = Snapshot(flagd: try FlagdDocument(json: json))
        #expect(snapshot.isMalformed(flag: "deep"))
        #expect(!snapshot.isMalformed(flag: "fine"))
        #expect(snapshot.problems.first?.path.description.hasPrefix("/flags/deep/targeting") == true)
    }

    @Test("wrong member types are problems of their flag", arguments: [
        #"{"state":"ENABLED","variants":[1],"defaultVariant":"a"}"#,
        #"{"state":true,"variants":{"a":1}}"#,
        #"{"state":"ENABLED","variants":{"a":1},"defaultVariant":7}"#,
        #"{"state":"ENABLED","variants":{"a":1},"metadata":[]}"#,
        #"{"state":"ENABLED","variants":{"a":1},"targeting":"x"}"#,
        #"{"state":"ENABLED","variants":{}}"#,
        #""flag""#,
    ])
    func wrongTypes(_ flag: String) throws {
        let json = try JSONValue(parsing: Array(#"{"flags":{"f":\#(flag)}}"#.utf8))
        let snapshot = Snapshot(flagd: try FlagdDocument(json: json))
        #expect(snapshot.isMalformed(flag: "f"))
        let detail = snapshot.evaluate("f", context: Context(flagdJSON: [:]), default: "d")
        #expect(snapshot.flagdResult(for: detail, flag: "f").errorCode == "PARSE_ERROR")
        #expect(detail.value == "d")
    }

    @Test("a context that is not an object is invalid; any object is valid, with or without a targeting key")
    func contexts() {
        #expect(!Context(flagdJSON: "x").isValid)
        #expect(Context(flagdJSON: [:]).isValid)
        #expect(Context(flagdJSON: ["targetingKey": "k"]).contexts.first?.key == "k")
    }

    @Test("huge and odd values evaluate without failing: weights beyond Int32.max give null, substr clamps, NaN is no variant")
    func hugeValues() throws {
        let text = #"""
        {"flags":{
          "weights":{"state":"ENABLED","variants":{"a":1,"b":2},"defaultVariant":"b",
                     "targeting":{"fractional":[["a",1e300],["b",-1e300]]}},
          "substr":{"state":"ENABLED","variants":{"pass":true,"fail":false},"defaultVariant":"fail",
                    "targeting":{"if":[{"===":[{"substr":["abc",1e300,-1e300]},""]},"pass","fail"]}},
          "nan":{"state":"ENABLED","variants":{"a":1},"defaultVariant":"a","targeting":{"%":[1,0]}},
          "long":{"state":"ENABLED","variants":{"pass":true,"fail":false},"defaultVariant":"fail",
                  "targeting":{"if":[{"in":["x",{"var":"big"}]},"pass","fail"]}}
        }}
        """#
        let snapshot = Snapshot(flagd: try FlagdDocument(json: JSONValue(parsing: Array(text.utf8))))
        let big = String(repeating: "y", count: 100_000) + "x"
        let context = Context(flagdJSON: ["targetingKey": "k", "big": .string(big)])
        func result(_ flag: String) -> FlagdEvaluation {
            snapshot.flagdResult(for: snapshot.evaluate(flag, context: context), flag: flag)
        }
        // flagd's evaluators refuse a weight that is no 32-bit integer: null, the default variant.
        #expect(result("weights").variant == "b")
        #expect(result("weights").reason == "DEFAULT")
        #expect(result("substr").variant == "pass")
        #expect(result("nan").errorCode == "GENERAL")
        #expect(result("long").variant == "pass")
    }

    @Test("explain shows the rules of a lowered if chain and the result of a value expression")
    func explain() throws {
        let text = #"""
        {"flags":{
          "chain":{"state":"ENABLED","variants":{"a":1,"b":2},"defaultVariant":"b","targeting":{"if":[{"var":"x"},"a","b"]}},
          "expression":{"state":"ENABLED","variants":{"a":1,"b":2},"defaultVariant":"b","targeting":{"var":"pick"}}
        }}
        """#
        let snapshot = Snapshot(flagd: try FlagdDocument(json: JSONValue(parsing: Array(text.utf8))))
        let chain = snapshot.explain("chain", context: Context(flagdJSON: ["x": true]))
        #expect(chain.detail.reason.kind == .ruleMatch)
        #expect(chain.description.contains("rule 0"))
        let expression = snapshot.explain("expression", context: Context(flagdJSON: ["pick": "a"]))
        #expect(expression.detail.variationKey == "a")
        #expect(snapshot.flagdResult(for: expression.detail, flag: "expression").reason == "TARGETING_MATCH")
    }
}
