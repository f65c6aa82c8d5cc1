@testable import BurgeeCore
import Testing

/// A context's key, kind and attributes read back, for code around evaluations.
@Suite("Context accessors")
struct ContextAccessorsTests {
    @Test func singleContext() {
        let context = Context(kind: "org", key: "acme", name: "Acme", attributes: ["plan": "pro"])
        #expect(context.key == "acme")
        #expect(context.kind == "org")
        #expect(context.kinds == ["org"])
        #expect(context.key(ofKind: "org") == "acme")
        #expect(context.key(ofKind: "user") == nil)
        #expect(context.attributes() == ["key": "acme", "name": "Acme", "plan": "pro"])
        #expect(Context(key: "u").kind == "user")
    }

    @Test func multiContext() {
        let context = Context.multi([Context(key: "u-1", attributes: ["country": "FR"]), Context(kind: "device", key: "d-1")])
        #expect(context.key == nil)
        #expect(context.kind == nil)
        #expect(context.kinds == ["user", "device"])
        #expect(context.key(ofKind: "device") == "d-1")
        #expect(context.attributes() == nil)
        #expect(context.attributes(ofKind: "user") == ["key": "u-1", "country": "FR"])
        #expect(context.attributes(ofKind: "org") == nil)
    }
}
