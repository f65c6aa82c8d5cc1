import Burgee
import BurgeeCore
import BurgeeTestSupport
import Testing

/// Configurations the client refuses, each with its ``ConfigurationError``, and the boundaries it accepts.
@Suite("Configuration validation")
struct ConfigurationTests {
    /// A configuration and the error creating a client with it must throw.
    struct Refused: Sendable, CustomTestStringConvertible {
        var name: String
        var configuration: BurgeeClient.Configuration
        var error: ConfigurationError

        var testDescription: String { name }

        init(_ name: String, _ error: ConfigurationError, _ configure: (inout BurgeeClient.Configuration) -> Void) {
            var configuration = BurgeeClient.Configuration(logger: TestFiles.quietLogger)
            configure(&configuration)
            self.name = name
            self.configuration = configuration
            self.error = error
        }
    }

    static let refused: [Refused] = [
        Refused("empty cache directory", .emptyCacheDirectory) { $0.cache = .directory("", prefix: "app") },
        Refused("invalid cache prefix", .invalidCachePrefix("a-b")) { $0.cache = .directory("/tmp/burgee-unused", prefix: "a-b") },
        Refused("empty file path", .emptyFilePath) { $0.source = .file("") },
        Refused("empty file path, watched", .emptyFilePath) { $0.source = .file("", watch: true) },
        Refused("zero ready timeout", .notPositive("readyTimeout")) { $0.readyTimeout = .zero },
        Refused("negative ready timeout", .notPositive("readyTimeout")) { $0.readyTimeout = .seconds(-1) },
        Refused("zero metrics interval", .notPositive("metricsInterval")) { $0.metricsInterval = .zero },
        Refused("negative metrics interval", .notPositive("metricsInterval")) { $0.metricsInterval = .milliseconds(-5) },
        Refused("zero event buffer size", .notPositive("eventBufferSize")) { $0.eventBufferSize = 0 },
        Refused("negative event buffer size", .notPositive("eventBufferSize")) { $0.eventBufferSize = -1 },
        Refused("zero definitions size limit", .notPositive("maxDefinitionsBytes")) { $0.maxDefinitionsBytes = 0 },
        Refused("zero definitions depth limit", .notPositive("maxDefinitionsDepth")) { $0.maxDefinitionsDepth = 0 },
        Refused("retry jitter above 1", .invalidBackoff) { $0.source = .polling("https://x.example/d", http: HTTPOptions(retryJitter: 1.5)) },
        Refused("zero watch interval", .notPositive("the file watch interval")) {
            $0.source = .file("/tmp/burgee-unused/flags.json", watch: true, interval: .zero)
        },
        Refused("negative watch interval", .notPositive("the file watch interval")) {
            $0.source = .file("/tmp/burgee-unused/flags.json", watch: true, interval: .milliseconds(-20))
        },
    ]

    @Test("each bad input throws its ConfigurationError, which has a description", arguments: refused)
    func refusedConfiguration(_ refused: Refused) throws {
        let thrown = #expect(throws: ConfigurationError.self) {
            _ = try BurgeeClient(configuration: refused.configuration)
        }
        let error = try #require(thrown)
        #expect(error == refused.error)
        #expect(!error.description.isEmpty)
        #expect(String(describing: error) == error.description)
    }

    @Test("each ConfigurationError case describes what is wrong, naming the offending value")
    func descriptions() {
        #expect(ConfigurationError.invalidCachePrefix("a-b").description.contains("'a-b'"))
        #expect(ConfigurationError.emptyCacheDirectory.description.contains("cache directory"))
        #expect(ConfigurationError.emptyFilePath.description.contains("file path"))
        #expect(ConfigurationError.notPositive("readyTimeout").description.contains("readyTimeout"))
        #expect(ConfigurationError.notPositive("eventBufferSize").description.contains("positive"))

        let all: [ConfigurationError] = [.invalidCachePrefix("x-y"), .emptyCacheDirectory, .emptyFilePath, .notPositive("metricsInterval")]
        let descriptions = all.map(\.description)
        #expect(descriptions.allSatisfy { !$0.isEmpty })
        #expect(Set(descriptions).count == all.count)
    }

    @Test("the smallest positive values are accepted")
    func smallestPositiveValuesAreAccepted() async throws {
        let configuration = BurgeeClient.Configuration(
            source: .file("/tmp/burgee-unused/flags.json", watch: true, interval: .nanoseconds(1)),
            cache: .directory("/tmp/burgee-unused", prefix: "a"),
            readyTimeout: .nanoseconds(1), metricsInterval: .nanoseconds(1), eventBufferSize: 1,
            logger: TestFiles.quietLogger)
        let client = try BurgeeClient(configuration: configuration)
        #expect(client.configuration.eventBufferSize == 1)
        #expect(client.configuration.cache?.prefix == "a")
        #expect(!client.isReady)
        await client.close()
    }

    @Test("the default configuration is accepted: offline, no cache")
    func defaultConfigurationIsAccepted() async throws {
        let client = try BurgeeClient(configuration: .init(logger: TestFiles.quietLogger))
        #expect(client.configuration.cache == nil)
        #expect(client.configuration.readyTimeout == nil)
        #expect(!client.isReady)
        await client.close()
        #expect(client.dataSourceStatus.state == .off)
    }
}

/// The definitions limits of the configuration reach the parser.
@Suite("Definitions limits")
struct DefinitionsLimitTests {
    static let document = Definitions.document(version: 1, flags: [Definitions.boolFlag("f", true)])

    /// Whether a client with these limits refuses the document: an error in its status, not ready.
    static func refuses(maxBytes: Int = 64 << 20, maxDepth: Int = 128) async throws -> Bool {
        let client = try BurgeeClient(configuration: .init(source: .bootstrap(.json(document)), maxDefinitionsBytes: maxBytes,
                                                           maxDefinitionsDepth: maxDepth, logger: TestFiles.quietLogger))
        client.start()
        let answered = await eventually { client.isReady || client.dataSourceStatus.lastError != nil }
        let refused = answered && !client.isReady && client.dataSourceStatus.lastError != nil
        await client.close()
        return refused
    }

    @Test("a document larger than maxDefinitionsBytes is refused and the status says why")
    func tooLargeIsRefused() async throws {
        #expect(try await Self.refuses(maxBytes: 16))
        #expect(try await !Self.refuses(maxBytes: 4096))
    }

    @Test("a document nested deeper than maxDefinitionsDepth is refused; one within it is served")
    func depthIsEnforced() async throws {
        #expect(try await Self.refuses(maxDepth: 2))
        #expect(try await !Self.refuses(maxDepth: 16))
    }
}
