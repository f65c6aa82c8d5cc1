import Burgee
import BurgeeCore
import Testing

@Suite("Hooks")
struct HookTests {
    static let definitions = Definitions.document(flags: [
        Definitions.boolFlag("on", true),
        """
        "plan": { "version": 2, "enabled": true, "type": "string",
          "variations": [ { "key": "free", "value": "free" }, { "key": "pro", "value": "pro" } ],
          "rules": [ { "id": "pro", "clauses": [ { "attribute": "plan", "op": "in", "values": ["pro"] } ], "variation": "pro" },
                     { "id": "org", "clauses": [ { "contextKind": "org", "attribute": "key", "op": "in", "values": ["acme"] } ],
                       "variation": "pro" } ],
          "fallthrough": { "variation": "free" } }
        """,
        """
        "limit": { "version": 1, "enabled": true, "type": "number",
          "variations": [ { "key": "small", "value": 20 }, { "key": "half", "value": 0.5 } ],
          "fallthrough": { "variation": "small" } }
        """,
        """
        "banner": { "version": 1, "enabled": true, "type": "json",
          "variations": [ { "key": "shown", "value": { "text": "Hi" } } ], "fallthrough": { "variation": "shown" } }
        """,
    ])
    static let user = Context(key: "u-1")

    static func client(hooks: [any Hook]) async throws -> BurgeeClient {
        try await ClientHarness.ready(definitions) { $0.hooks = hooks }
    }

    @Test("stages run client, bound, call hooks for before and the reverse after it, with the flag, type and context")
    func order() async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [RecordingHook(name: "client", journal: journal)])
        let bound = client.bound(to: Self.user, hooks: [RecordingHook(name: "bound", journal: journal)])
        let value = bound.variation("on", default: false, hooks: [RecordingHook(name: "call", journal: journal)])
        #expect(value == true)
        let context = #"{"key":"u-1","kind":"user"}"#
        #expect(journal.all == [
            "client.before on boolean \(context)", "bound.before on boolean \(context)", "call.before on boolean \(context)",
            "call.after true FALLTHROUGH", "bound.after true FALLTHROUGH", "client.after true FALLTHROUGH",
            "call.finally true DEFAULT -", "bound.finally true DEFAULT -", "client.finally true DEFAULT -",
        ])
        await client.close()
    }

    @Test("every typed getter and detail runs the client's hooks, with its value type")
    func everyTypedCall() async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [RecordingHook(name: "h", journal: journal)])
        #expect(client.boolVariation("on", context: Self.user, default: false) == true)
        #expect(client.stringVariation("plan", context: Self.user, default: "x") == "free")
        #expect(client.intVariation("limit", context: Self.user, default: 0) == 20)
        #expect(client.doubleVariation("limit", context: Self.user, default: 0) == 20)
        #expect(client.jsonVariation("banner", context: Self.user, default: .null) == ["text": "Hi"])
        #expect(client.variation("plan", context: Self.user, default: "x") == "free")
        #expect(client.boolVariationDetail("on", context: Self.user, default: false).value == true)
        #expect(client.stringVariationDetail("plan", context: Self.user, default: "x").value == "free")
        #expect(client.intVariationDetail("limit", context: Self.user, default: 0).value == 20)
        #expect(client.doubleVariationDetail("limit", context: Self.user, default: 0).value == 20)
        #expect(client.jsonVariationDetail("banner", context: Self.user, default: .null).value == ["text": "Hi"])
        #expect(client.variationDetail("on", context: Self.user, default: false).value == true)
        let types = journal.all.filter { $0.hasPrefix("h.before") }.map { $0.split(separator: " ")[2] }
        #expect(types == ["boolean", "string", "int", "double", "json", "string",
                          "boolean", "string", "int", "double", "json", "boolean"])
        #expect(journal.all.count == 12 * 3)
        await client.close()
    }

    @Test("a context returned by before is merged in: attributes of the same kind, another kind as a multi-context")
    func beforeMergesContext() async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [])
        let addPlan = RecordingHook(name: "plan", journal: journal, addToContext: Context(key: "u-1", attributes: ["plan": "pro"]))
        let detail = client.variationDetail("plan", context: Context(key: "u-1", attributes: ["country": "FR"]),
                                            default: "x", hooks: [addPlan, RecordingHook(name: "next", journal: journal)])
        #expect(detail.value == "pro")
        #expect(detail.reason.ruleId == "pro")
        #expect(journal.all[1] == #"next.before plan string {"country":"FR","key":"u-1","kind":"user","plan":"pro"}"#)

        let addOrg = RecordingHook(name: "org", journal: journal, addToContext: Context(kind: "org", key: "acme"))
        let org = client.variationDetail("plan", context: Self.user, default: "x", hooks: [addOrg])
        #expect(org.value == "pro")
        #expect(org.reason.ruleId == "org")
        await client.close()
    }

    @Test("a before stage that throws: default, ERROR/GENERAL, error and finally stages run, after does not, nor later befores")
    func beforeThrows() async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [RecordingHook(name: "a", journal: journal, failIn: ["before"]),
                                                   RecordingHook(name: "b", journal: journal)])
        let detail = client.boolVariationDetail("on", context: Self.user, default: false)
        #expect(detail.value == false)
        #expect(detail.reason == .error(.exception))
        #expect(detail.openFeatureErrorCode == "GENERAL")
        #expect(client.boolVariation("on", context: Self.user, default: false) == false)
        #expect(journal.all.filter { !$0.contains(".before") }.prefix(4) == [
            "b.error thrown in before", "a.error thrown in before",
            "b.finally false ERROR GENERAL", "a.finally false ERROR GENERAL",
        ])
        #expect(!journal.all.contains { $0.hasPrefix("b.before") })
        await client.close()
    }

    @Test("an after stage that throws turns the served value into the default with ERROR/GENERAL")
    func afterThrows() async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [])
        let detail = client.variationDetail("on", context: Self.user, default: false,
                                            hooks: [RecordingHook(name: "a", journal: journal, failIn: ["after"])])
        #expect(detail.value == false)
        #expect(detail.reason == .error(.exception))
        #expect(detail.variationKey == nil)
        #expect(journal.all.dropFirst() == ["a.after true FALLTHROUGH", "a.error thrown in after", "a.finally false ERROR GENERAL"])
        await client.close()
    }

    @Test("an evaluation that fails runs error with its error code instead of after",
          arguments: [("missing", "FLAG_NOT_FOUND"), ("plan", "TYPE_MISMATCH")])
    func evaluationError(flag: String, code: String) async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [RecordingHook(name: "h", journal: journal)])
        #expect(client.boolVariation(flag, context: Self.user, default: true) == true)
        #expect(journal.all.dropFirst() == ["h.error \(code)", "h.finally true ERROR \(code)"])
        await client.close()
    }

    @Test("an invalid context still reaches the hooks, and the evaluation reports INVALID_CONTEXT")
    func invalidContext() async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [RecordingHook(name: "h", journal: journal,
                                                                 addToContext: Context(key: "u-1", attributes: ["plan": "pro"]))])
        #expect(client.stringVariation("plan", context: Context(key: ""), default: "x") == "x")
        #expect(journal.all.last == "h.finally x ERROR INVALID_CONTEXT")
        await client.close()
    }

    @Test("a before stage that returns an invalid context makes the evaluation INVALID_CONTEXT")
    func beforeReturnsInvalidContext() async throws {
        let journal = HookJournal()
        let client = try await Self.client(hooks: [RecordingHook(name: "h", journal: journal, addToContext: Context(key: ""))])
        let detail = client.boolVariationDetail("on", context: Self.user, default: false)
        #expect(detail.reason == .error(.invalidContext))
        #expect(journal.all.last == "h.finally false ERROR INVALID_CONTEXT")
        await client.close()
    }

    @Test("hooks see the client's name (its logger's label) and the provider's")
    func metadata() async throws {
        struct MetadataHook: Hook {
            let journal: HookJournal
            func before<Value: FlagValue>(_ hookContext: HookContext<Value>) throws -> Context? {
                journal.append("\(hookContext.clientName) \(hookContext.providerName) \(hookContext.defaultValue)")
                return nil
            }
        }
        let journal = HookJournal()
        let client = try await Self.client(hooks: [MetadataHook(journal: journal)])
        _ = client.intVariation("limit", context: Self.user, default: 7)
        #expect(journal.all == ["burgee-test burgee 7"])
        await client.close()
    }

    @Test("a do-nothing hook changes no result")
    func noOp() async throws {
        let client = try await Self.client(hooks: [NoOpHook()])
        let detail = client.stringVariationDetail("plan", context: Context(key: "u-1", attributes: ["plan": "pro"]), default: "x")
        #expect(detail.value == "pro")
        #expect(detail.variationKey == "pro")
        #expect(detail.reason.ruleId == "pro")
        await client.close()
    }
}
