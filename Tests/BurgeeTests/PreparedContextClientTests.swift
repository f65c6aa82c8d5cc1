import Burgee
@testable import BurgeeCore
import Testing

/// `client.prepare(_:)`: a prepared context answers as the context itself, through the getters
/// and handles, before definitions arrive and after they change.
@Suite("Prepared contexts on the client")
struct PreparedContextClientTests {
    /// A document whose flag `f` is on when every `(attribute, value)` clause holds, in that order.
    static func document(version: Int, clauses: [(String, String)]) -> String {
        let clauses = clauses.map { #"{"attribute":"\#($0.0)","op":"in","values":["\#($0.1)"]}"# }.joined(separator: ",")
        return #"{"formatVersion":1,"version":\#(version),"flags":{"f":{"version":1,"enabled":true,"type":"boolean","#
            + #""variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"off","#
            + #""rules":[{"id":"r","clauses":[\#(clauses)],"variation":"on"}],"fallthrough":{"variation":"off"}}}}"#
    }

    @Test func aPreparedContextAnswersAsTheContextBeforeAndAfterTheDefinitionsChange() async throws {
        let (client, source) = try await ClientHarness.manual()
        defer { Task { await client.close() } }
        let context = Context(key: "u", attributes: ["a": "x", "b": "y"])
        // Not ready: nothing to prepare for.
        #expect(client.prepare(context).prepared == nil)
        #expect(await source.push(Self.document(version: 1, clauses: [("b", "y"), ("a", "x")])))
        let prepared = client.prepare(context)
        #expect(prepared.prepared != nil)
        let handle = client.flag("f", default: false)
        #expect(client.boolVariation("f", context: prepared, default: false))
        #expect(handle.value(for: prepared))
        #expect(client.boolVariationDetail("f", context: prepared, default: false).reason.kind == .ruleMatch)
        // The same attributes read in the other order: the earlier preparation's slots would
        // read `b` for `a`.
        #expect(await source.push(Self.document(version: 2, clauses: [("a", "x"), ("b", "y")])))
        #expect(client.boolVariation("f", context: prepared, default: false))
        #expect(handle.value(for: prepared))
        #expect(handle.value(for: client.prepare(prepared)))
        #expect(await source.push(Self.document(version: 3, clauses: [("a", "y")])))
        #expect(!handle.value(for: prepared))
        #expect(!handle.value(for: client.prepare(context)))
    }
}
