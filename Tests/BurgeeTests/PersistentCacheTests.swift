import Burgee
import BurgeeCore
import Testing

/// The persistent cache: written after good updates from the data source, loaded at start (ready
/// from cache), corrupt files ignored with a warning, bootstrap against cache, prefix rules.
@Suite("Persistent cache")
struct PersistentCacheTests {
    private let context = TestFiles.context

    // MARK: Writing

    @Test("the cache is written after a good update from the data source, with the source's bytes")
    func cacheIsWrittenAfterAGoodUpdate() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let sourcePath = dir + "/flags.json"
            let json = TestFiles.definitions(version: 3, flag: "checkout", serves: "on")
            try TestFiles.write(json, to: sourcePath)
            // The cache directory does not exist yet: the client creates it.
            let cacheDirectory = dir + "/state/cache"
            let cacheFile = cacheDirectory + "/app.burgee-cache.json"
            #expect(CacheConfiguration.directory(cacheDirectory, prefix: "app").filePath == cacheFile)

            try await TestFiles.withClient(.init(source: .file(sourcePath), cache: .directory(cacheDirectory, prefix: "app"),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let ready = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(ready == .ready(.dataSource))
                // Closing waits for the source's task, hence for the cache write that follows the update.
                await client.close()
            }
            #expect(TestFiles.exists(cacheFile))
            #expect(try TestFiles.read(cacheFile) == Array(json.utf8))
        }
    }

    @Test("a second client with an offline source is ready from the cache and serves its values")
    func secondClientIsReadyFromCache() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let sourcePath = dir + "/flags.json"
            try TestFiles.write(TestFiles.definitions(version: 7, flag: "checkout", serves: "on"), to: sourcePath)
            let cache = CacheConfiguration.directory(dir + "/cache", prefix: "app")

            // The first run fills the cache.
            try await TestFiles.withClient(.init(source: .file(sourcePath), cache: cache, logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed1 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed1 == .ready(.dataSource))
                await client.close()
            }
            try #require(TestFiles.exists(cache.filePath))

            // The second run has no source at all.
            try await TestFiles.withClient(.init(source: .offline, cache: cache, logger: TestFiles.quietLogger)) { client in
                #expect(!client.isReady)
                let events = client.events()
                client.start()
                let ready = await TestFiles.nextEvent(events) { if case .ready = $0 { true } else { false } }
                #expect(ready == .ready(.cache))
                #expect(ready?.isReadyFromCache == true)
                #expect(client.isReady)
                #expect(client.definitionsOrigin == .cache)
                #expect(client.definitionsVersion == 7)

                let detail = client.boolVariationDetail("checkout", context: context, default: false)
                #expect(detail.value == true)
                #expect(detail.variationKey == "on")
                #expect(detail.reason.kind == .fallthrough)
                #expect(client.boolVariation("checkout", context: context, default: false) == true)

                // Offline: the source itself stays off, the cached definitions are served.
                let observed2 = await TestFiles.nextStatus(events, .off)
                #expect(observed2 != nil)
                #expect(client.dataSourceStatus.state == .off)
                await client.close()
            }
        }
    }

    @Test("a cache is not rewritten from rejected data: it keeps the last good document")
    func rejectedDataIsNotCached() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let sourcePath = dir + "/flags.json"
            let good = TestFiles.definitions(version: 1, flag: "checkout", serves: "on")
            try TestFiles.write(good, to: sourcePath)
            let cache = CacheConfiguration.directory(dir + "/cache", prefix: "app")

            try await TestFiles.withClient(.init(source: .file(sourcePath, watch: true, interval: .milliseconds(20)),
                                                 cache: cache, logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed3 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed3 == .ready(.dataSource))
                try TestFiles.write(#"{ "formatVersion": 1, "flags": "#, to: sourcePath)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.kind == .invalidData)
                await client.close()
            }
            #expect(try TestFiles.read(cache.filePath) == Array(good.utf8))
        }
    }

    @Test("repeated cache writes leave no temporary files behind, and the cache holds the latest good document")
    func writesLeaveNoTemporaryFiles() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let sourcePath = dir + "/flags.json"
            let cacheDirectory = dir + "/cache"
            try TestFiles.write(TestFiles.definitions(version: 1, flag: "checkout", serves: "on"), to: sourcePath)

            var latest = ""
            try await TestFiles.withClient(.init(source: .file(sourcePath, watch: true, interval: .milliseconds(20)),
                                                 cache: .directory(cacheDirectory, prefix: "app"),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed4 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed4 == .ready(.dataSource))
                for version in 2...4 {
                    latest = TestFiles.definitions(version: version, flag: "checkout", serves: version.isMultiple(of: 2) ? "off" : "on")
                    try TestFiles.write(latest, to: sourcePath)
                    let update = await TestFiles.nextUpdate(events) { $0.version == Int64(version) }
                    #expect(update?.changedFlags == ["checkout"])
                }
                await client.close()
            }
            #expect(try TestFiles.names(in: cacheDirectory) == ["app.burgee-cache.json"])
            #expect(try TestFiles.read(cacheDirectory + "/app.burgee-cache.json") == Array(latest.utf8))
        }
    }

    @Test("a corrupt cache file is replaced by the next good update")
    func corruptCacheIsReplacedByAGoodUpdate() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let sourcePath = dir + "/flags.json"
            let json = TestFiles.definitions(version: 2, flag: "checkout", serves: "on")
            try TestFiles.write(json, to: sourcePath)
            let cache = CacheConfiguration.directory(dir, prefix: "app")
            try TestFiles.write("{ corrupt", to: cache.filePath, atomically: false)
            let logs = TestFiles.LogRecorder()

            try await TestFiles.withClient(.init(source: .file(sourcePath), cache: cache, logger: logs.logger)) { client in
                let events = client.events()
                client.start()
                // Not ready from the corrupt cache: the first readiness comes from the source.
                let ready = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(ready == .ready(.dataSource))
                await client.close()
            }
            #expect(logs.warnings.contains { $0.message.contains("cache") })
            #expect(try TestFiles.read(cache.filePath) == Array(json.utf8))
        }
    }

    // MARK: Unreadable caches

    /// Ways a cache file can be unusable.
    enum BadCache: String, CaseIterable, Sendable {
        case invalidJSON = "invalid JSON"
        case truncated = "a valid document cut in half"
        case empty = "an empty file"
        case directory = "a directory at the cache path"
    }

    @Test("an unusable cache is ignored with a warning; an offline client stays not ready", arguments: BadCache.allCases)
    func unusableCacheIsIgnored(_ bad: BadCache) async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let cache = CacheConfiguration.directory(dir, prefix: "app")
            switch bad {
            case .invalidJSON:
                try TestFiles.write(#"{ "formatVersion": 1, "flags": { "checkout": nope } }"#, to: cache.filePath)
            case .truncated:
                let whole = Array(TestFiles.definitions(version: 9, flag: "checkout", serves: "on").utf8)
                let half = Array(whole.prefix(whole.count / 2))
                #expect(throws: DefinitionsError.self) { try DefinitionsDocument(jsonBytes: half) }
                try TestFiles.write(half, to: cache.filePath)
            case .empty:
                try TestFiles.write([], to: cache.filePath)
            case .directory:
                try TestFiles.makeDirectory(cache.filePath)
            }
            let logs = TestFiles.LogRecorder()

            try await TestFiles.withClient(.init(source: .offline, cache: cache, logger: logs.logger)) { client in
                let events = client.events()
                client.start()
                // The offline source reports `off` after the cache was tried.
                let observed5 = await TestFiles.nextStatus(events, .off)
                #expect(observed5 != nil)
                #expect(!client.isReady)
                #expect(client.definitionsOrigin == nil)
                #expect(client.definitionsVersion == nil)
                #expect(client.dataSourceStatus.state == .off)

                let detail = client.boolVariationDetail("checkout", context: context, default: true)
                #expect(detail.value == true)
                #expect(detail.variationKey == nil)
                #expect(detail.reason == .error(.clientNotReady))
                #expect(client.boolVariation("checkout", context: context, default: false) == false)

                let warnings = logs.warnings
                #expect(warnings.contains { $0.message.contains("cache") }, "warnings: \(warnings)")
                await client.close()
            }
            // The unusable cache is left as it was: nothing good arrived to replace it.
            #expect(TestFiles.exists(cache.filePath))
        }
    }

    @Test("a directory at the cache path does not stop the data source; the failed write is a warning")
    func cachePathIsADirectoryWhileTheSourceWorks() async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let sourcePath = dir + "/flags.json"
            try TestFiles.write(TestFiles.definitions(version: 1, flag: "checkout", serves: "on"), to: sourcePath)
            let cache = CacheConfiguration.directory(dir + "/cache", prefix: "app")
            try TestFiles.makeDirectory(cache.filePath)
            let logs = TestFiles.LogRecorder()

            try await TestFiles.withClient(.init(source: .file(sourcePath), cache: cache, logger: logs.logger)) { client in
                let events = client.events()
                client.start()
                let observed6 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed6 == .ready(.dataSource))
                #expect(client.boolVariation("checkout", context: context, default: false) == true)
                await client.close()
                // Still served after closing.
                #expect(client.boolVariation("checkout", context: context, default: false) == true)
            }
            let cacheWarnings = logs.warnings.filter { $0.message.contains("cache") }
            // One for the unreadable cache at start, one for the write that could not replace it.
            #expect(cacheWarnings.count == 2, "warnings: \(logs.warnings)")
            #expect(try TestFiles.names(in: dir + "/cache") == ["app.burgee-cache.json"])
        }
    }

    // MARK: Bootstrap against cache

    /// The versions of the cached and bootstrap documents, and which should win.
    struct StartCase: Sendable, CustomTestStringConvertible {
        var cacheVersion: Int
        var bootstrapVersion: Int
        var winner: ClientEvent.DefinitionsOrigin

        var testDescription: String { "cache v\(cacheVersion), bootstrap v\(bootstrapVersion) → \(winner)" }
    }

    @Test("bootstrap against cache: the higher version wins, the cache on a tie", arguments: [
        StartCase(cacheVersion: 5, bootstrapVersion: 3, winner: .cache),
        StartCase(cacheVersion: 3, bootstrapVersion: 5, winner: .bootstrap),
        StartCase(cacheVersion: 4, bootstrapVersion: 4, winner: .cache),
    ])
    func bootstrapAgainstCache(_ start: StartCase) async throws {
        try await TestFiles.withTemporaryDirectory { dir in
            let cache = CacheConfiguration.directory(dir, prefix: "app")
            // The cache serves `true`, the bootstrap document `false`: the value tells which was loaded.
            try TestFiles.write(TestFiles.definitions(version: start.cacheVersion, flag: "checkout", serves: "on"), to: cache.filePath)
            let bootstrap = DefinitionsPayload.json(TestFiles.definitions(version: start.bootstrapVersion, flag: "checkout", serves: "off"))

            try await TestFiles.withClient(.init(source: .offline, bootstrap: bootstrap, cache: cache,
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let ready = await TestFiles.nextEvent(events) { if case .ready = $0 { true } else { false } }
                #expect(ready == .ready(start.winner))
                #expect(client.definitionsOrigin == start.winner)
                #expect(client.definitionsVersion == Int64(max(start.cacheVersion, start.bootstrapVersion)))
                #expect(client.boolVariation("checkout", context: context, default: false) == (start.winner == .cache))
                await client.close()
            }
        }
    }

    // MARK: Prefixes

    @Test("invalid cache prefixes are refused", arguments: [
        "", "a-b", String(repeating: "a", count: 81), "ü", "a.b", "a b", "../app", "a/b",
    ])
    func invalidPrefixIsRefused(_ prefix: String) {
        #expect(!CacheConfiguration.isValidPrefix(prefix))
        #expect(throws: ConfigurationError.invalidCachePrefix(prefix)) {
            _ = try BurgeeClient(configuration: .init(cache: .directory("/tmp/burgee-unused", prefix: prefix),
                                                      logger: TestFiles.quietLogger))
        }
    }

    @Test("an 80-character prefix of letters, digits and underscores is accepted and names the cache file")
    func longestPrefixIsAccepted() async throws {
        let prefix = String(repeating: "aZ9_", count: 20)
        try #require(prefix.count == 80)
        #expect(CacheConfiguration.isValidPrefix(prefix))

        try await TestFiles.withTemporaryDirectory { dir in
            let sourcePath = dir + "/flags.json"
            let json = TestFiles.definitions(version: 1, flag: "checkout", serves: "on")
            try TestFiles.write(json, to: sourcePath)
            let cacheDirectory = dir + "/cache"

            try await TestFiles.withClient(.init(source: .file(sourcePath), cache: .directory(cacheDirectory, prefix: prefix),
                                                 logger: TestFiles.quietLogger)) { client in
                let events = client.events()
                client.start()
                let observed7 = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
                #expect(observed7 == .ready(.dataSource))
                await client.close()
            }
            #expect(try TestFiles.names(in: cacheDirectory) == [prefix + ".burgee-cache.json"])
            #expect(try TestFiles.read(cacheDirectory + "/" + prefix + ".burgee-cache.json") == Array(json.utf8))
        }
    }

    @Test("every single prefix character class is accepted")
    func prefixCharacterClasses() {
        for prefix in ["a", "Z", "0", "_", "abc_XYZ_019"] {
            #expect(CacheConfiguration.isValidPrefix(prefix), "\(prefix)")
        }
    }
}
