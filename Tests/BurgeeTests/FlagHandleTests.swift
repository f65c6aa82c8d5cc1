import Burgee
import BurgeeCore
import Synchronization
import Testing

/// `client.flag(_:as:default:)`: a handle answers as the getters by key, before, across and after
/// updates that move its flag, for unknown flags, with hooks, and from many threads at once.
@Suite("Flag handles")
struct FlagHandleTests {
    /// `flag` (serving `flagServes`) after `others` flags `a0`, `a1`… serving the opposite, so that
    /// a position kept from another document would answer another flag.
    static func document(version: Int, others: Int, flagServes: String) -> String {
        let opposite = flagServes == "on" ? "off" : "on"
        return TestFiles.definitions(version: version, flags: (0..<others).map { TestFiles.flag("a\($0)", serves: opposite) }
                                         + [TestFiles.flag("flag", serves: flagServes), TestFiles.flag("z", serves: opposite)])
    }

    @Test func aHandleAnswersAsTheGetterByKey() async throws {
        let client = try await ClientHarness.ready(Self.document(version: 1, others: 1, flagServes: "on"))
        defer { Task { await client.close() } }
        let handle = client.flag("flag", as: Bool.self, default: false)
        for key in ["u-1", "u-2", "u-3"] {
            let context = Context(key: key)
            #expect(handle.value(for: context) == client.boolVariation("flag", context: context, default: false))
            #expect(handle.value(for: context))
            let byHandle = handle.detail(for: context), byKey = client.boolVariationDetail("flag", context: context, default: false)
            #expect(byHandle.value == byKey.value && byHandle.variationKey == byKey.variationKey && byHandle.reason == byKey.reason)
        }
        #expect(handle.key == "flag" && handle.defaultValue == false)
        #expect(client.flag("z", default: true).value(for: TestFiles.context) == false)
    }

    @Test func aHandleFollowsItsFlagAcrossUpdatesThatMoveIt() async throws {
        let (client, source) = try await ClientHarness.manual()
        defer { Task { await client.close() } }
        let handle = client.flag("flag", as: Bool.self, default: false)
        // Before any definitions: the default, as the getters answer.
        #expect(handle.detail(for: TestFiles.context).reason.errorKind == .clientNotReady)
        #expect(await source.push(Self.document(version: 1, others: 1, flagServes: "on")))
        #expect(handle.value(for: TestFiles.context))
        // Five more flags before it, and it serves off: a kept position would read `a5` (on).
        #expect(await source.push(Self.document(version: 2, others: 6, flagServes: "off")))
        #expect(!handle.value(for: TestFiles.context))
        #expect(handle.detail(for: TestFiles.context).variationKey == "off")
        // Back to fewer flags: a kept position would now be out of range.
        #expect(await source.push(Self.document(version: 3, others: 0, flagServes: "on")))
        #expect(handle.value(for: TestFiles.context))
    }

    @Test func anUnknownFlagIsTheDefaultUntilDefinitionsHaveIt() async throws {
        let (client, source) = try await ClientHarness.manual()
        defer { Task { await client.close() } }
        #expect(await source.push(TestFiles.definitions(version: 1, flag: "other")))
        let handle = client.flag("flag", as: String.self, default: "fallback")
        #expect(handle.value(for: TestFiles.context) == "fallback")
        #expect(handle.detail(for: TestFiles.context).reason.errorKind == .flagNotFound)
        #expect(await source.push(Self.document(version: 2, others: 2, flagServes: "on")))
        // Found now; it serves a boolean, not a string: the default with WRONG_TYPE, as by key.
        #expect(handle.detail(for: TestFiles.context).reason.errorKind == .wrongType)
        #expect(client.flag("flag", default: false).value(for: TestFiles.context))
    }

    @Test func hooksSeeAHandlesEvaluations() async throws {
        let journal = HookJournal()
        let client = try await ClientHarness.ready(Self.document(version: 1, others: 1, flagServes: "on")) {
            $0.hooks = [RecordingHook(name: "h", journal: journal)]
        }
        defer { Task { await client.close() } }
        let handle = client.flag("flag", default: false)
        #expect(handle.value(for: TestFiles.context))
        _ = handle.detail(for: TestFiles.context)
        #expect(journal.all.filter { $0.hasPrefix("h.after") } == ["h.after true FALLTHROUGH", "h.after true FALLTHROUGH"])
    }

    @Test func manyThreadsShareAHandleWhileTheDefinitionsChange() async throws {
        let (client, source) = try await ClientHarness.manual()
        defer { Task { await client.close() } }
        #expect(await source.push(Self.document(version: 1, others: 1, flagServes: "on")))
        let handle = client.flag("flag", default: false)
        let run = RunFlags()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    // A position kept from another document could read past this one's flags or
                    // another flag; every answer must be a served variation of `flag`.
                    while !run.stop.load(ordering: .relaxed) {
                        let detail = handle.detail(for: TestFiles.context)
                        if detail.variationKey == nil { run.wrong.add(1, ordering: .relaxed) }
                        await Task.yield()
                    }
                }
            }
            for version in 2...40 {
                #expect(await source.push(Self.document(version: version, others: version % 7, flagServes: version % 2 == 0 ? "off" : "on")))
            }
            run.stop.store(true, ordering: .relaxed)
            try await group.waitForAll()
        }
        #expect(run.wrong.load(ordering: .relaxed) == 0)
        #expect(handle.value(for: TestFiles.context) == client.boolVariation("flag", context: TestFiles.context, default: false))
    }
}

/// What the threads of a test share: a stop signal and a count of wrong answers.
private final class RunFlags: Sendable {
    let stop = Atomic<Bool>(false)
    let wrong = Atomic<Int>(0)
}
