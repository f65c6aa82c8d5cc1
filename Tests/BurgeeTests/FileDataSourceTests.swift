import Burgee
import BurgeeCore
import Foundation
import Testing

/// The file data source (loading, watching, size limit, rejected documents), and the bootstrap and
/// offline sources.
@Suite("File, bootstrap and offline data sources")
struct FileDataSourceTests {
    private let context = TestFiles.context
    private let watchInterval: Duration = .milliseconds(20)

    private static func isReady(_ event: ClientEvent) -> Bool {
        if case .ready = event { return true }
        return false
    }

    // MARK: Loading

    @Test("a file source loads the file: ready from the data source, status valid")
    func loadsAndIsReady() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            try TestFiles.write(TestFiles.definitions(version: 12, flag: "checkout", serves: "on", sets: ["web"]), to: path)

            try await TestFiles.withClient(.init(source: .file(path), logger: TestFiles.quietLogger)) { client in
                #expect(!client.isReady)
                #expect(client.dataSourceStatus.state == .initializing)
                let events = client.events()
                client.start()
                let observed1 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed1 == .ready(.dataSource))
                // The status turns valid right after the definitions are in.
                let valid = await TestFiles.nextStatus(events, .valid)
                #expect(valid?.lastError == nil)
                #expect(client.dataSourceStatus.state == .valid)
                #expect(client.dataSourceStatus.lastError == nil)
                #expect(client.isReady)
                #expect(client.definitionsOrigin == .dataSource)
                #expect(client.definitionsVersion == 12)
                #expect(client.flagKeys() == ["checkout"])
                #expect(client.flagKeys(inFlagSet: "web") == ["checkout"])

                let detail = client.boolVariationDetail("checkout", context: context, default: false)
                #expect(detail.value == true)
                #expect(detail.variationKey == "on")
                #expect(detail.variationIndex == 1)
                #expect(detail.reason.kind == .fallthrough)
                await client.close()
            }
        }
    }

    // MARK: Watching

    @Test("watching: a changed valid document is swapped in, and the update names exactly the changed flag")
    func watchedChangeIsApplied() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            try TestFiles.write(TestFiles.definitions(version: 1, flags: [
                TestFiles.flag("banner", serves: "on"), TestFiles.flag("checkout", serves: "on"), TestFiles.flag("dark", serves: "off"),
            ]), to: path)

            try await TestFiles.withClient(.init(source: .file(path, watch: true, interval: watchInterval),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed2 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed2 == .ready(.dataSource))
                #expect(client.boolVariation("checkout", context: context, default: false) == true)

                try TestFiles.write(TestFiles.definitions(version: 2, flags: [
                    TestFiles.flag("banner", serves: "on"), TestFiles.flag("checkout", serves: "off"), TestFiles.flag("dark", serves: "off"),
                ]), to: path)
                let update = try #require(await TestFiles.nextUpdate(events))
                #expect(update == ClientEvent.DefinitionsUpdate(version: 2, origin: .dataSource, changedFlags: ["checkout"], changedSegments: []))

                #expect(client.boolVariation("checkout", context: context, default: true) == false)
                #expect(client.boolVariation("banner", context: context, default: false) == true)
                #expect(client.boolVariation("dark", context: context, default: true) == false)
                #expect(client.definitionsVersion == 2)
                #expect(client.definitionsOrigin == .dataSource)
                #expect(client.dataSourceStatus.state == .valid)
                await client.close()
            }
        }
    }

    @Test("watching: a file rewritten in place (same file, new size) is noticed and applied")
    func inPlaceRewriteIsNoticed() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            try TestFiles.write(TestFiles.definitions(version: 1, flag: "checkout", serves: "on"), to: path, atomically: false)

            try await TestFiles.withClient(.init(source: .file(path, watch: true, interval: watchInterval),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed3 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed3 == .ready(.dataSource))

                // Truncated and rewritten, as editors and `echo > file` do; the size differs, so the
                // change shows whatever the clock's granularity. A read in the middle of the write may
                // be rejected on the way; the finished content is applied.
                try TestFiles.write(TestFiles.definitions(version: 22, flag: "checkout", serves: "off"), to: path, atomically: false)
                let updateEvent = await TestFiles.nextUpdate(events) { $0.version == 22 }
                let update = try #require(updateEvent)
                #expect(update.changedFlags == ["checkout"])
                #expect(client.boolVariation("checkout", context: context, default: true) == false)
                await client.close()
            }
        }
    }

    @Test("watching: invalid JSON keeps the last good definitions and interrupts; a valid document recovers")
    func invalidChangeKeepsLastGoodThenRecovers() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            try TestFiles.write(TestFiles.definitions(version: 1, flag: "checkout", serves: "on"), to: path)
            let logs = TestFiles.LogRecorder()

            try await TestFiles.withClient(.init(source: .file(path, watch: true, interval: watchInterval),
                                                 logger: logs.logger)) { client in
                let events = client.events()
                client.start()
                let observed4 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed4 == .ready(.dataSource))
                // The status is valid by the time `ready` is seen.
                #expect(client.dataSourceStatus.state == .valid)

                // Broken: the last good definitions stay.
                try TestFiles.write(#"{ "formatVersion": 1, "version": 2, "flags": { "checkout": "#, to: path)
                let interrupted = try #require(await TestFiles.nextStatus(events, .interrupted))
                #expect(interrupted.lastError?.kind == .invalidData)
                #expect(client.dataSourceStatus.state == .interrupted)
                #expect(client.dataSourceStatus.lastError?.kind == .invalidData)
                #expect(client.isReady)
                #expect(client.definitionsVersion == 1)
                #expect(client.boolVariation("checkout", context: context, default: false) == true)
                #expect(logs.warnings.contains { $0.message.contains("rejected") }, "warnings: \(logs.warnings)")

                // Valid again, with a new value: applied, and the status is valid again.
                try TestFiles.write(TestFiles.definitions(version: 3, flag: "checkout", serves: "off"), to: path)
                let update = try #require(await TestFiles.nextUpdate(events))
                #expect(update.version == 3)
                #expect(update.changedFlags == ["checkout"])
                // The status is valid by the time `updated` is seen.
                #expect(client.dataSourceStatus.state == .valid)
                #expect(client.definitionsVersion == 3)
                #expect(client.boolVariation("checkout", context: context, default: true) == false)
                await client.close()
            }
        }
    }

    @Test("watching: a schema-invalid change is rejected whole and the last good definitions stay")
    func schemaInvalidChangeIsRejectedWhole() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            try TestFiles.write(TestFiles.definitions(version: 1, flag: "checkout", serves: "on"), to: path)

            try await TestFiles.withClient(.init(source: .file(path, watch: true, interval: watchInterval),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed7 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed7 == .ready(.dataSource))

                // Valid JSON, a well-formed new flag, but `flags` is not an object: nothing of it is taken.
                try TestFiles.write(#"{ "formatVersion": 1, "version": 2, "flags": [ { \#(TestFiles.flag("newer", serves: "on")) } ] }"#,
                                    to: path)
                let interrupted = try #require(await TestFiles.nextStatus(events, .interrupted))
                #expect(interrupted.lastError?.kind == .invalidData)
                #expect(client.definitionsVersion == 1)
                #expect(client.flagKeys() == ["checkout"])
                #expect(client.boolVariation("checkout", context: context, default: false) == true)
                #expect(client.boolVariationDetail("newer", context: context, default: false).reason == .error(.flagNotFound))
                await client.close()
            }
        }
    }

    @Test("a missing file: not ready, initializing with a read failure; ready once the file appears")
    func missingFileThenAppears() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            let logs = TestFiles.LogRecorder()

            try await TestFiles.withClient(.init(source: .file(path, watch: true, interval: watchInterval),
                                                 logger: logs.logger)) { client in
                let events = client.events()
                client.start()
                let failedEvent = await TestFiles.nextStatus(events) { $0.lastError != nil }
                let failed = try #require(failedEvent)
                #expect(failed.state == .initializing)
                #expect(failed.lastError?.kind == .readFailed)
                #expect(client.dataSourceStatus.state == .initializing)
                #expect(client.dataSourceStatus.lastError?.kind == .readFailed)
                #expect(!client.isReady)
                #expect(client.boolVariationDetail("checkout", context: context, default: true).reason == .error(.clientNotReady))
                #expect(logs.warnings.contains { $0.message.contains("definitions file") }, "warnings: \(logs.warnings)")

                try TestFiles.write(TestFiles.definitions(version: 4, flag: "checkout", serves: "on"), to: path)
                let observed8 = await TestFiles.nextEvent(events, where: Self.isReady)
                #expect(observed8 == .ready(.dataSource))
                // The status is valid by the time `ready` is seen.
                #expect(client.dataSourceStatus.state == .valid)
                #expect(client.isReady)
                #expect(client.definitionsVersion == 4)
                #expect(client.dataSourceStatus.state == .valid)
                #expect(client.boolVariation("checkout", context: context, default: false) == true)
                await client.close()
            }
        }
    }

    // MARK: Size limit

    @Test("a file bigger than maxBytes is refused as a read failure")
    func fileOverTheLimitIsRefused() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            let json = TestFiles.definitions(version: 1, flag: "checkout", serves: "on")
            try TestFiles.write(json, to: path)

            try await TestFiles.withClient(.init(source: .file(path, maxBytes: json.utf8.count - 1),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let failedEvent = await TestFiles.nextStatus(events) { $0.lastError != nil }
                let failed = try #require(failedEvent)
                #expect(failed.state == .initializing)
                #expect(failed.lastError?.kind == .readFailed)
                #expect(!client.isReady)
                #expect(client.boolVariation("checkout", context: context, default: false) == false)
                await client.close()
            }
        }
    }

    @Test("a file of exactly maxBytes is read")
    func fileAtTheLimitIsRead() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            let json = TestFiles.definitions(version: 1, flag: "checkout", serves: "on")
            try TestFiles.write(json, to: path)

            try await TestFiles.withClient(.init(source: .file(path, maxBytes: json.utf8.count),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed10 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed10 == .ready(.dataSource))
                #expect(client.boolVariation("checkout", context: context, default: false) == true)
                await client.close()
            }
        }
    }

    // MARK: Rejected documents

    /// Documents that are not native v1 definitions as a whole, each with a well-formed flag inside.
    static let schemaInvalidDocuments: [String] = [
        #"{ "formatVersion": 2, "version": 1, "flags": { \#(TestFiles.flag("checkout")) } }"#,
        #"{ "formatVersion": "1", "version": 1, "flags": { \#(TestFiles.flag("checkout")) } }"#,
        #"{ "version": 1, "flags": { \#(TestFiles.flag("checkout")) } }"#,
        #"{ "formatVersion": 1, "version": 1, "flags": [ { \#(TestFiles.flag("checkout")) } ] }"#,
        #"{ "formatVersion": 1, "version": 1, "flags": { \#(TestFiles.flag("checkout")) }, "segments": [] }"#,
        #"{ "formatVersion": 1, "version": 1.5, "flags": { \#(TestFiles.flag("checkout")) } }"#,
        #"[ { "formatVersion": 1 } ]"#,
    ]

    @Test("a schema-invalid document is rejected whole", arguments: schemaInvalidDocuments)
    func schemaInvalidDocumentIsRejected(_ json: String) async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let path = dir + "/flags.json"
            try TestFiles.write(json, to: path)

            try await TestFiles.withClient(.init(source: .file(path), logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let failedEvent = await TestFiles.nextStatus(events) { $0.lastError != nil }
                let failed = try #require(failedEvent)
                #expect(failed.state == .initializing)
                #expect(failed.lastError?.kind == .invalidData)
                #expect(!client.isReady)
                #expect(client.flagKeys() == [])
                let detail = client.boolVariationDetail("checkout", context: context, default: false)
                #expect(detail.value == false)
                #expect(detail.reason == .error(.clientNotReady))
                await client.close()
            }
        }
    }

    // MARK: Bootstrap and offline sources

    @Test("a bootstrap source serves its document: ready from the data source, status valid")
    func bootstrapSource() async throws {
        let json = TestFiles.definitions(version: 21, flags: [
            TestFiles.flag("checkout", serves: "on"), TestFiles.flag("dark", serves: "off"),
        ])
        for payload in [DefinitionsPayload.json(json), .json(Array(json.utf8)), .json(Data(json.utf8))] {
            try await TestFiles.withClient(.init(source: .bootstrap(payload), logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed11 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed11 == .ready(.dataSource))
                // The status is valid by the time `ready` is seen.
                #expect(client.dataSourceStatus.state == .valid)
                #expect(client.dataSourceStatus.state == .valid)
                #expect(client.definitionsOrigin == .dataSource)
                #expect(client.definitionsVersion == 21)
                #expect(client.boolVariation("checkout", context: context, default: false) == true)
                #expect(client.boolVariation("dark", context: context, default: true) == false)
                await client.close()
            }
        }
    }

    @Test("a bootstrap source with invalid JSON leaves the client not ready, with invalid data reported")
    func bootstrapSourceWithInvalidJSON() async throws {
        try await TestFiles.withClient(.init(source: .bootstrap(.json("{ nope")), logger: TestFiles.quietLogger)) { client in
            let events = client.events()
            client.start()
            let failedEvent = await TestFiles.nextStatus(events) { $0.lastError != nil }
            let failed = try #require(failedEvent)
            #expect(failed.state == .initializing)
            #expect(failed.lastError?.kind == .invalidData)
            #expect(!client.isReady)
            await client.close()
        }
    }

    @Test("an offline source: status off, never ready, the caller's default with CLIENT_NOT_READY")
    func offlineSource() async throws {
        try await TestFiles.withClient(.init(source: .offline, logger: TestFiles.quietLogger)) { client in
            let events = client.events()
            client.start()
            let off = try #require(await TestFiles.nextStatus(events, .off))
            #expect(off.lastError == nil)
            #expect(client.dataSourceStatus.state == .off)
            #expect(!client.isReady)
            #expect(client.definitionsOrigin == nil)
            #expect(client.definitionsVersion == nil)
            #expect(await client.waitUntilReady(timeout: .milliseconds(1)) == false)

            #expect(client.boolVariation("checkout", context: context, default: true) == true)
            #expect(client.boolVariation("checkout", context: context, default: false) == false)
            let detail = client.boolVariationDetail("checkout", context: context, default: true)
            #expect(detail.value == true)
            #expect(detail.variationKey == nil)
            #expect(detail.variationIndex == nil)
            #expect(detail.reason == .error(.clientNotReady))
            #expect(detail.reason.kind == .error)
            #expect(detail.reason.errorKind == .clientNotReady)
            await client.close()
        }
    }
}
