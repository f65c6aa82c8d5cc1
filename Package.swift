// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "burgee",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BurgeeCore", targets: ["BurgeeCore"]),
        .library(name: "Burgee", targets: ["Burgee"]),
        .library(name: "BurgeeUnleash", targets: ["BurgeeUnleash"]),
        .library(name: "BurgeeLaunchDarkly", targets: ["BurgeeLaunchDarkly"]),
        .library(name: "BurgeeFlagd", targets: ["BurgeeFlagd"]),
        .library(name: "BurgeeSplit", targets: ["BurgeeSplit"]),
        .library(name: "BurgeeKameleoon", targets: ["BurgeeKameleoon"]),
        .library(name: "BurgeeDatadog", targets: ["BurgeeDatadog"]),
        .library(name: "BurgeeServer", targets: ["BurgeeServer"]),
        .library(name: "BurgeeRelay", targets: ["BurgeeRelay"]),
        .library(name: "BurgeeRedis", targets: ["BurgeeRedis"]),
        .library(name: "BurgeeTesting", targets: ["BurgeeTesting"]),
        .executable(name: "burgee", targets: ["burgee"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        // `swift package generate-documentation`: the DocC catalogs (Sources/*/*.docc), built by scripts/docs-check.sh.
        // A command plugin: `swift build` and `swift test` neither build nor run it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The evaluator core: definitions model, compiler, snapshot, evaluator. Depends on nothing.
        .target(
            name: "BurgeeCore",
            // Double rounding (floor, trunc) lives in libm on Linux; programs without Foundation need it linked.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The SDK: client, configuration, typed API, data sources, cache, events.
        .target(
            name: "Burgee",
            dependencies: [
                "BurgeeCore",
                "BurgeeRedis",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // The tracing API only: span events of evaluations; applications bring the exporter.
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                // Definitions files in YAML (flagd's are often kept so).
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Each vendor's sync protocol, its view of the client (`client.unleash`, …) and its types: `import Burgee`
        // shows no vendor, `import BurgeeUnleash` brings Unleash's calls.
        .target(name: "BurgeeUnleash", dependencies: ["Burgee", "BurgeeCore", .product(name: "Logging", package: "swift-log")]),
        .target(name: "BurgeeLaunchDarkly", dependencies: ["Burgee", "BurgeeCore", "BurgeeRedis", .product(name: "Logging", package: "swift-log")]),
        .target(name: "BurgeeFlagd", dependencies: ["Burgee", "BurgeeCore", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "BurgeeSplit",
            dependencies: [
                "Burgee", "BurgeeCore", "BurgeeRedis", .product(name: "Logging", package: "swift-log"),
                // Flags carried in streaming notifications, gzip or zlib compressed.
                .product(name: "CompressNIO", package: "compress-nio"), .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .target(
            name: "BurgeeKameleoon",
            dependencies: [
                "Burgee", "BurgeeCore", .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]),
        .target(name: "BurgeeDatadog", dependencies: ["Burgee", "BurgeeCore", .product(name: "Logging", package: "swift-log")]),
        // Helpers for users' own tests: an in-memory event sink, a test data source.
        .target(
            name: "BurgeeTesting",
            dependencies: ["Burgee"]
        ),
        // The definitions server behind `burgee serve` and the tests' real HTTP peer.
        .target(
            name: "BurgeeServer",
            dependencies: [
                "BurgeeCore",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Redis's protocol on swift-nio, hand-written (no Redis package is among this project's
        // dependencies): its reply parser (RESP/) imports nothing, so that Fuzz/fuzz.sh compiles it alone.
        .target(
            name: "BurgeeRedis",
            dependencies: [
                "BurgeeCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The server fed by a vendor's client: the one module that names both, and every vendor's.
        .target(
            name: "BurgeeRelay",
            dependencies: [
                "Burgee", "BurgeeCore", "BurgeeServer",
                "BurgeeUnleash", "BurgeeLaunchDarkly", "BurgeeFlagd", "BurgeeSplit", "BurgeeKameleoon", "BurgeeDatadog",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "burgee",
            dependencies: [
                "BurgeeRelay",
                "BurgeeRedis",
                "Burgee",
                "BurgeeUnleash",
                "BurgeeLaunchDarkly",
                "BurgeeSplit",
                "BurgeeKameleoon",
                "BurgeeDatadog",
                "BurgeeCore",
                "BurgeeServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "BurgeeExample",
            dependencies: ["Burgee", "BurgeeUnleash", .product(name: "Logging", package: "swift-log")],
            path: "Examples/BurgeeExample"
        ),
        // What the test targets share (started clients, the loopback definitions server, small documents, temporary
        // files, captured logs, bounded waits); vendor-neutral, used only by tests, not a product.
        .target(
            name: "BurgeeTestSupport",
            dependencies: [
                "Burgee",
                "BurgeeCore",
                "BurgeeRedis",
                "BurgeeServer",
                "BurgeeTesting",
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/BurgeeTestSupport"
        ),
        .testTarget(name: "BurgeeCoreTests", dependencies: ["BurgeeCore"]),
        // The Unleash client specification (beside the package, in ../shared) and spec-fixtures/unleash.
        .testTarget(name: "UnleashSpecificationTests", dependencies: ["BurgeeCore"]),
        .testTarget(
            name: "BurgeeConformanceTests",
            dependencies: [
                "BurgeeUnleash", "BurgeeLaunchDarkly", "BurgeeFlagd", "BurgeeSplit", "BurgeeCore", "Burgee", "BurgeeTesting", .product(name: "Logging", package: "swift-log")]),
        // The SDK's own tests. A few reach the SDK's behaviour through Unleash's or LaunchDarkly's calls and sources
        // (changed-flag events, exposures, fallbacks, a source's 404 warning), hence those two modules.
        .testTarget(
            name: "BurgeeTests",
            dependencies: [
                "Burgee",
                "BurgeeCore",
                "BurgeeRedis",
                "BurgeeUnleash", "BurgeeLaunchDarkly",
                "BurgeeServer",
                "BurgeeTesting",
                "BurgeeTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // Each vendor module's tests: its sync protocol against the loopback server, its view of the client.
        .testTarget(
            name: "BurgeeUnleashTests",
            dependencies: ["BurgeeUnleash", "Burgee", "BurgeeCore", "BurgeeServer", "BurgeeTesting", "BurgeeTestSupport"]
        ),
        .testTarget(
            name: "BurgeeSplitTests",
            dependencies: [
                "BurgeeSplit", "Burgee", "BurgeeCore", "BurgeeRedis", "BurgeeServer", "BurgeeTesting", "BurgeeTestSupport",
                .product(name: "Logging", package: "swift-log"),
                // Flags pushed zlib-compressed, as Split's service may send them.
                .product(name: "CompressNIO", package: "compress-nio"), .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "BurgeeLaunchDarklyTests",
            dependencies: ["BurgeeLaunchDarkly", "Burgee", "BurgeeCore", "BurgeeRedis", "BurgeeServer", "BurgeeTestSupport"]
        ),
        .testTarget(
            name: "BurgeeFlagdTests",
            dependencies: ["BurgeeFlagd", "Burgee", "BurgeeCore", "BurgeeServer", "BurgeeTestSupport"]
        ),
        .testTarget(
            name: "BurgeeKameleoonTests",
            dependencies: [
                "BurgeeKameleoon", "Burgee", "BurgeeCore", "BurgeeServer", "BurgeeTesting", "BurgeeTestSupport",
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "BurgeeDatadogTests",
            dependencies: [
                "BurgeeDatadog", "Burgee", "BurgeeCore", "BurgeeServer", "BurgeeTesting", "BurgeeTestSupport",
            ]
        ),
        // The Swift snippets of README.md, docs/ and the DocC articles, written here by scripts/snippets.py: compiled
        // (and a snippet that is a test runs).
        .testTarget(name: "BurgeeRedisTests", dependencies: ["BurgeeRedis", "BurgeeTesting", "BurgeeTestSupport"]),
        .testTarget(
            name: "BurgeeRelayTests",
            dependencies: [
                "BurgeeRelay", "Burgee", "BurgeeCore", "BurgeeServer", "BurgeeTestSupport",
                "BurgeeUnleash", "BurgeeLaunchDarkly", "BurgeeFlagd", "BurgeeSplit", "BurgeeKameleoon", "BurgeeDatadog",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "BurgeeSnippetTests",
            dependencies: [
                "BurgeeUnleash", "BurgeeLaunchDarkly", "BurgeeFlagd", "BurgeeSplit", "BurgeeKameleoon", "BurgeeDatadog",
                "Burgee",
                "BurgeeServer",
                "BurgeeRelay",
                "BurgeeRedis",
                "BurgeeTesting",
                // docs/kameleoon.md's visitor code cookie in a Hummingbird route.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "BurgeeTestingTests",
            dependencies: [
                "Burgee", "BurgeeTesting", "BurgeeTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "BurgeeServerTests",
            dependencies: [
                "BurgeeServer",
                "BurgeeTestSupport",
                // ManualClock, which times the file watcher.
                "BurgeeTesting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "BurgeeCLITests",
            dependencies: ["burgee", "BurgeeRedis", "BurgeeTestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
