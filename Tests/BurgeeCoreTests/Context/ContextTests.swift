@testable import BurgeeCore
import Testing

@Suite("contexts and attribute references")
struct ContextTests {
    @Test("valid contexts", arguments: [
        #"{"key":"u"}"#, #"{"kind":"org","key":"o","name":null,"anonymous":null}"#,
        #"{"kind":"multi","user":{"key":"u"}}"#, #"{"kind":"a.b_c-1","key":"k","_meta":{"x":1}}"#,
    ])
    func valid(_ text: String) throws {
        #expect(Context(json: try JSONValue(parsing: text)).isValid)
    }

    @Test("invalid contexts say why", arguments: [
        #"{}"#, #"{"key":""}"#, #"{"key":5}"#, #"{"kind":"kind","key":"k"}"#, #"{"kind":"multi"}"#,
        #"{"kind":"a b","key":"k"}"#, #"{"key":"k","name":3}"#, #"{"key":"k","anonymous":"yes"}"#,
        #"{"kind":"multi","user":{"key":""}}"#, #"{"kind":"multi","user":"u"}"#, #""u-1""#, #"{"kind":7,"key":"k"}"#,
    ])
    func invalid(_ text: String) throws {
        let context = Context(json: try JSONValue(parsing: text))
        #expect(!context.isValid)
        #expect(context.invalidReason?.isEmpty == false)
    }

    @Test("Swift-built contexts validate the same way")
    func built() {
        #expect(Context(key: "u").isValid)
        #expect(!Context(key: "").isValid)
        #expect(!Context(kind: "multi", key: "u").isValid)
        #expect(Context.multi([Context(key: "u"), Context(kind: "org", key: "o")]).isValid)
        #expect(!Context.multi([Context(key: "u"), Context(key: "v")]).isValid)
        #expect(!Context.multi([]).isValid)
    }

    @Test("attribute references parse plain names and escaped paths")
    func references() throws {
        #expect(AttributeReference("") == nil)
        #expect(AttributeReference("/") == nil)
        #expect(AttributeReference("/a//b") == nil)
        #expect(AttributeReference("/a~2") == nil)
        #expect(AttributeReference("/a~") == nil)
        #expect(AttributeReference("kind")?.isKind == true)
        #expect(AttributeReference("/kind")?.isKind == true)
        let context = Context(json: ["key": "u", "a/b": 1, "x": ["y~z": ["w": 2]], "n": nil])
        let single = try #require(context.contexts.first)
        #expect(single.value(of: try #require(AttributeReference("a/b"))) == 1)
        #expect(single.value(of: try #require(AttributeReference("/a~1b"))) == 1)
        #expect(single.value(of: try #require(AttributeReference("/x/y~0z/w"))) == 2)
        #expect(single.value(of: try #require(AttributeReference("/x/missing"))) == nil)
        #expect(single.value(of: try #require(AttributeReference("n"))) == nil)
        #expect(single.value(of: try #require(AttributeReference("anonymous"))) == false)
        #expect(single.value(of: .key) == "u")
    }

    @Test("JSON form round-trips")
    func jsonForm() throws {
        let json: JSONValue = ["kind": "multi", "user": ["key": "u", "age": 3], "org": ["key": "o"]]
        #expect(Context(json: json).json == json)
    }
}
