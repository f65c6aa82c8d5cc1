@testable import BurgeeCore
import Foundation
import Testing

@Suite("reading definitions documents")
struct DefinitionsDocumentTests {
    @Test("a document that is not JSON is rejected whole", arguments: ["", "{", "{\"formatVersion\":1,}", "nul", "[1,2"])
    func notJSON(_ text: String) {
        #expect {
            _ = try DefinitionsDocument(jsonText: text)
        } throws: { error in
            guard case .invalidJSON = error as? DefinitionsError else { return false }
            return true
        }
    }

    @Test("a document that is not v1 is rejected whole", arguments: [
        "[]", "42", "\"flags\"", "{}", #"{"formatVersion":2}"#, #"{"formatVersion":"1"}"#,
        #"{"formatVersion":1,"flags":[]}"#, #"{"formatVersion":1,"segments":"x"}"#, #"{"formatVersion":1,"version":1.5}"#,
    ])
    func notV1(_ text: String) {
        #expect(throws: DefinitionsError.self) { _ = try DefinitionsDocument(jsonText: text) }
    }

    @Test("an empty v1 document loads")
    func empty() throws {
        let doc = try DefinitionsDocument(jsonText: #"{"formatVersion":1}"#)
        #expect(doc.flags.isEmpty && doc.segments.isEmpty && doc.version == 0)
    }

    @Test("wrong member types become problems with JSON paths, and the flag is kept")
    func wrongTypes() throws {
        let doc = try DefinitionsDocument(jsonText: #"""
        {"formatVersion":1,"flags":{
          "bad":{"enabled":"yes","type":"boolean","variations":{},"fallthrough":{"variation":1},"rules":[{"clauses":[{"op":3}],"variation":"on"}]},
          "not-an-object":[1]
        }}
        """#)
        let bad = try #require(doc.flags["bad"])
        #expect(bad.isMalformed)
        let paths = Set(bad.problems.map(\.path.description))
        #expect(paths.isSuperset(of: ["/flags/bad/enabled", "/flags/bad/variations", "/flags/bad/fallthrough/variation",
                                      "/flags/bad/rules/0/clauses/0/op"]))
        #expect(doc.flags["not-an-object"]?.isMalformed == true)
        #expect(doc.flags["not-an-object"]?.problems.first?.path.description == "/flags/not-an-object")
    }

    @Test("unknown members are ignored")
    func unknownMembers() throws {
        let doc = try DefinitionsDocument(jsonText: #"""
        {"formatVersion":1,"future":true,"flags":{"f":{"enabled":true,"type":"boolean","shiny":[1],
         "variations":[{"key":"on","value":true,"colour":"red"}],"fallthrough":{"variation":"on","x":1}}}}
        """#)
        #expect(doc.flags["f"]?.problems.isEmpty == true)
    }

    @Test("JSON pointers escape ~ and /")
    func pointerEscapes() {
        #expect(JSONPointer.root.appending("flags").appending("a/b~c").appending(0).description == "/flags/a~1b~0c/0")
        #expect(JSONPointer.root.description == "/")
    }

    @Test("Codable round trip through Foundation's coders keeps the document")
    func codableRoundTrip() throws {
        let text = #"""
        {"formatVersion":1,"version":5,"flags":{"f":{"version":2,"enabled":true,"type":"string",
         "variations":[{"key":"a","value":"A","variables":{"n":1}},{"key":"b","value":"B"}],"offVariation":"a",
         "prerequisites":[{"flag":"g","variation":"on"}],"targets":[{"values":["u"],"variation":"b"}],
         "rules":[{"id":"r","clauses":[{"attribute":"x","op":"in","values":[1],"negate":true}],
                   "rollout":{"kind":"experiment","seed":7,"variations":[{"variation":"a","weight":100000}]}}],
         "fallthrough":{"variation":"a"},"salt":"s","sets":["k"],"metadata":{"o":"p"},"trackEvents":true}},
         "segments":{"s":{"version":1,"included":["u"],"excluded":["v"],"includedContexts":[{"contextKind":"org","values":["o"]}],
          "rules":[{"clauses":[],"rollout":{"weight":500,"seed":3}}]}}}
        """#
        let doc = try DefinitionsDocument(jsonText: text)
        #expect(doc.problems.isEmpty)
        let data = try JSONEncoder().encode(doc)
        let back = try JSONDecoder().decode(DefinitionsDocument.self, from: data)
        #expect(back == doc)
    }

    @Test("decoding a standalone flag with errors fails with the problems")
    func standaloneFlagDecodeFails() {
        let data = Data(#"{"key":"f","enabled":1,"type":"boolean","variations":[],"fallthrough":{"variation":"x"}}"#.utf8)
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(FlagDefinition.self, from: data) }
    }

    @Test("a document above the byte limit, or nested too deep, is rejected whole")
    func limits() {
        let big = #"{"formatVersion":1,"flags":{},"pad":""# + String(repeating: "x", count: 2_000) + #""}"#
        #expect(throws: DefinitionsError.self) {
            _ = try DefinitionsDocument(jsonText: big, limits: .init(maxDepth: 128, maxBytes: 1_000))
        }
        let deep = #"{"formatVersion":1,"flags":{},"x":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect(throws: DefinitionsError.self) { _ = try DefinitionsDocument(jsonText: deep) }
    }
}
