import Burgee
import BurgeeFlagd
import BurgeeCore
import Testing

/// flagd definitions from files and directories: merged in order, watched, and bad files refused
/// while the last good flags stay.
@Suite("flagd files and directories")
struct FlagdFilesSourceTests {
    static let user = Context(flagdJSON: ["targetingKey": "u-1", "plan": "pro"])

    static func flag(_ key: String, _ value: String, targeting: String = "null", metadata: String = "{}") -> String {
        #""\#(key)": {"state": "ENABLED", "variants": {"\#(value)": "\#(value)", "other": "other"}, "defaultVariant": "\#(value)", "targeting": \#(targeting), "metadata": \#(metadata)}"#
    }

    static func document(_ flags: [String], extra: String = "") -> String {
        "{\"flags\": {" + flags.joined(separator: ", ") + "}" + extra + "}"
    }

    static func client(_ source: DataSourceConfiguration) async throws -> (BurgeeClient, AsyncStream<ClientEvent>) {
        let client = try BurgeeClient(configuration: .init(source: source, logger: TestClients.quietLogger))
        let events = client.events()
        client.start()
        #expect(await client.waitUntilReady(timeout: .seconds(30)))
        return (client, events)
    }

    @Test("two files merge in order: a later flag replaces an earlier one, each keeps its own evaluators and metadata")
    func mergedFiles() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(Self.document([Self.flag("a", "base-a"), Self.flag("b", "base-b")],
                                              extra: #", "metadata": {"team": "base", "tier": 1}"#),
                                to: directory + "/base.json")
            try TestFiles.write("""
                $evaluators:
                  pro: {"==": [{var: plan}, pro]}
                metadata: {team: overrides}
                flags:
                  b:
                    state: ENABLED
                    variants: {on: "yes-b", off: "no-b"}
                    defaultVariant: off
                    targeting: {if: [{$ref: pro}, on, off]}
                    metadata: {owner: checkout}
                """, to: directory + "/overrides.yaml")
            let (client, _) = try await Self.client(.flagdFiles([directory + "/base.json", directory + "/overrides.yaml"]))
            let a = client.flagd.evaluation("a", context: Self.user)
            #expect(a.value == "base-a" && a.reason == "STATIC" && a.flagMetadata == ["team": "base", "tier": 1])
            let b = client.flagd.evaluation("b", context: Self.user)
            #expect(b.value == "yes-b" && b.variant == "on" && b.reason == "TARGETING_MATCH")
            #expect(b.flagMetadata == ["team": "overrides", "owner": "checkout"])
            let free = client.flagd.evaluation("b", context: Context(flagdJSON: ["targetingKey": "u-2", "plan": "free"]))
            #expect(free.value == "no-b")
            let missing = client.flagd.evaluation("c", context: Self.user)
            #expect(missing.value == nil && missing.reason == "ERROR" && missing.errorCode == "FLAG_NOT_FOUND")
            await client.close()
        }
    }

    @Test("a watched file changing while a client evaluates: the update names exactly the changed flags; an invalid change keeps the last good flags")
    func watchedChanges() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            let path = directory + "/flags.json"
            try TestFiles.write(Self.document([Self.flag("a", "one"), Self.flag("b", "two"), Self.flag("c", "three")]), to: path)
            let (client, events) = try await Self.client(.flagdFiles([path], watch: true, interval: .milliseconds(20)))
            let evaluating = Task {
                var served = 0
                while !Task.isCancelled {
                    let value = client.flagd.evaluation("a", context: Self.user, track: false).value
                    #expect(value == "one" || value == "uno")
                    served += 1
                    await Task.yield()
                }
                return served
            }

            try TestFiles.write(Self.document([Self.flag("a", "uno"), Self.flag("b", "two"),
                                               Self.flag("c", "three", metadata: #"{"note": "x"}"#)]), to: path)
            let update = await TestFiles.nextEvent(events) { if case .updated = $0 { true } else { false } }
            guard case .updated(let changed)? = update else {
                Issue.record("no update event")
                evaluating.cancel()
                return
            }
            #expect(changed.changedFlags == ["a", "c"])
            #expect(client.flagd.evaluation("a", context: Self.user).value == "uno")

            try TestFiles.write(#"{"flags": {"a": "#, to: path)
            let failed = await TestFiles.nextStatus(events, .interrupted)
            #expect(failed?.lastError?.kind == .invalidData)
            #expect(client.flagd.evaluation("a", context: Self.user).value == "uno")
            #expect(client.flagd.evaluation("b", context: Self.user).value == "two")

            evaluating.cancel()
            #expect(await evaluating.value > 0)
            await client.close()
        }
    }

    @Test("a watched file of several changing: only the flags that differ are read again, unless what the flags share changed")
    func changedFileOfSeveral() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            let base = directory + "/base.json", overrides = directory + "/overrides.json"
            func write(_ c: String, team: String) throws {
                try TestFiles.write(Self.document([Self.flag("a", "one"), Self.flag("b", "two")], extra: #", "metadata": {"team": "\#(team)"}"#),
                                    to: base)
                try TestFiles.write(Self.document([Self.flag("c", "three", metadata: c)],
                                                  extra: #", "$evaluators": {"pro": {"==": [{"var": "plan"}, "pro"]}}"#),
                                    to: overrides)
            }
            try write("{}", team: "web")
            let (client, events) = try await Self.client(.flagdFiles([base, overrides], watch: true, interval: .milliseconds(20)))
            func recordsAddedInPlace() -> Int {
                client.evaluateOutcomeForView("a", context: Self.user, track: false) { _, snapshot in snapshot?.recordsAddedByPatches ?? -1 }
            }
            #expect(recordsAddedInPlace() == 0)

            // One flag of one file: read alone and laid out again in the program held.
            try write(#"{"note": "x"}"#, team: "web")
            let update = await TestFiles.nextEvent(events) { if case .updated = $0 { true } else { false } }
            guard case .updated(let changed)? = update else {
                Issue.record("no update event")
                return
            }
            #expect(changed.changedFlags == ["c"])
            #expect(client.flagd.evaluation("c", context: Self.user).flagMetadata == ["note": "x"])
            #expect(recordsAddedInPlace() > 0, "the changed flag was laid out in place")

            // The document's metadata, which every flag of the merge reports: read whole.
            try write(#"{"note": "x"}"#, team: "api")
            let whole = await TestFiles.nextEvent(events) { if case .updated = $0 { true } else { false } }
            guard case .updated(let again)? = whole else {
                Issue.record("no second update event")
                return
            }
            #expect(again.changedFlags == ["a", "b"])
            #expect(client.flagd.evaluation("a", context: Self.user).flagMetadata == ["team": "api"])
            #expect(recordsAddedInPlace() == 0, "compiled whole")
            await client.close()
        }
    }

    @Test("a watched directory: files added and removed are noticed, hidden and other files ignored, later names win")
    func directory() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(Self.document([Self.flag("a", "from-10")]), to: directory + "/10-base.json")
            try TestFiles.write(Self.document([Self.flag("a", "hidden")]), to: directory + "/.20-hidden.json")
            try TestFiles.write("not definitions", to: directory + "/README.txt")
            let (client, events) = try await Self.client(.flagdDirectory(directory, watch: true, interval: .milliseconds(20)))
            #expect(client.flagd.evaluation("a", context: Self.user).value == "from-10")

            try TestFiles.write("flags:\n  a: {state: ENABLED, variants: {x: from-20}, defaultVariant: x}\n  b: {state: DISABLED, variants: {y: 1}, defaultVariant: y}\n",
                                to: directory + "/20-more.yml")
            let update = await TestFiles.nextEvent(events) { if case .updated = $0 { true } else { false } }
            if case .updated(let changed)? = update { #expect(changed.changedFlags == ["a", "b"]) } else { Issue.record("no update") }
            #expect(client.flagd.evaluation("a", context: Self.user).value == "from-20")
            let disabled = client.flagd.evaluation("b", context: Self.user)
            #expect(disabled.value == nil && disabled.reason == "DISABLED")

            try TestFiles.remove(directory + "/20-more.yml")
            let back = await TestFiles.nextEvent(events) { if case .updated = $0 { true } else { false } }
            if case .updated(let changed)? = back { #expect(changed.changedFlags == ["a", "b"]) } else { Issue.record("no update") }
            #expect(client.flagd.evaluation("a", context: Self.user).value == "from-10")
            await client.close()
        }
    }

    @Test("refused: a document that is not flagd's, an empty directory, a missing file, empty paths")
    func refusals() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(Self.document([Self.flag("a", "x")]), to: directory + "/good.json")
            try TestFiles.write(#"{"formatVersion": 1, "flags": {}}"#, to: directory + "/native.json")
            for (source, kind, words) in [
                (DataSourceConfiguration.flagdFiles([directory + "/good.json", directory + "/native.json"]), DataSourceError.Kind.invalidData, "document 2"),
                (.flagdFiles([directory + "/good.json", directory + "/missing.json"]), .readFailed, "missing.json"),
                (.flagdDirectory(directory + "/none"), .readFailed, "cannot list the directory"),
            ] {
                let client = try BurgeeClient(configuration: .init(source: source, logger: TestClients.quietLogger))
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events) { $0.lastError != nil }
                #expect(status?.lastError?.kind == kind)
                #expect(status?.lastError?.message.contains(words) == true, "\(status?.lastError?.message ?? "-")")
                #expect(!client.isReady)
                await client.close()
            }
            try TestFiles.makeDirectory(directory + "/empty")
            let empty = try BurgeeClient(configuration: .init(source: .flagdDirectory(directory + "/empty"), logger: TestClients.quietLogger))
            let events = empty.events()
            empty.start()
            #expect(await TestFiles.nextStatus(events) { $0.lastError != nil }?.lastError?.message.contains("no *.json") == true)
            await empty.close()
        }
        #expect(throws: ConfigurationError.emptyFilePath) { try BurgeeClient(configuration: .init(source: .flagdFiles([]))) }
        #expect(throws: ConfigurationError.emptyFilePath) { try BurgeeClient(configuration: .init(source: .flagdDirectory(""))) }
    }

    @Test("the fractional rule is chosen per client: v1 and v2 bucket the same key differently")
    func fractionalRule() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            let path = directory + "/split.json"
            // 1,000 keys over two halves: the rules agree on most keys and differ on some.
            let targeting = #"{"fractional": [["x", 50], ["y", 50]]}"#
            try TestFiles.write(Self.document([Self.flag("split", "x", targeting: targeting)]), to: path)
            let (v2, _) = try await Self.client(.flagdFiles([path]))
            var configuration = BurgeeClient.Configuration(source: .flagdFiles([path]), logger: TestClients.quietLogger)
            configuration.flagd = FlagdLoweringOptions(fractionalRule: .v1)
            let v1 = try BurgeeClient(configuration: configuration)
            v1.start()
            #expect(await v1.waitUntilReady(timeout: .seconds(30)))
            var differ = 0
            for i in 0..<1000 {
                let context = Context(flagdJSON: ["targetingKey": .string("user-\(i)")])
                if v1.flagd.evaluation("split", context: context).variant != v2.flagd.evaluation("split", context: context).variant { differ += 1 }
            }
            #expect(differ > 0 && differ < 1000)
            await v1.close()
            await v2.close()
        }
    }
}
