import BurgeeCore
import Testing

@Suite("contexts from text attributes")
struct StringAttributesContextTests {
    @Test("each attribute becomes a JSON string; reserved names are ignored")
    func attributes() throws {
        let headers = ["country": "FR", "x-age": "42", "key": "forged", "kind": "org", "_meta": "m"]
        let context = Context(key: "u-1", name: "Ada", stringAttributes: headers)
        #expect(context.isValid)
        #expect(context.json == [
            "kind": "user", "key": "u-1", "name": "Ada", "country": "FR", "x-age": "42",
        ])
        let single = try #require(context.contexts.first)
        #expect(single.key == "u-1")
        #expect(single.attributes["x-age"] == .string("42"))
    }

    @Test("validates kind and key as the JSON-valued initializer does")
    func validity() {
        #expect(Context(kind: "device", key: "d", stringAttributes: [:]).isValid)
        #expect(!Context(key: "", stringAttributes: ["a": "b"]).isValid)
        #expect(!Context(kind: "multi", key: "u", stringAttributes: [:]).isValid)
        #expect(Context(key: "u", anonymous: true, stringAttributes: [:]).json == ["kind": "user", "key": "u", "anonymous": true])
    }
}
