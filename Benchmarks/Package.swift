// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A local package's identity is its folder's name, which depends on where the repository is cloned.
let burgeePackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "burgee-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The definitions and contexts of the evaluation scenarios, shared by the `CoreEvaluation`
        // benchmarks and the `EvaluationLoop` harness.
        .target(
            name: "EvaluationScenarios",
            dependencies: [.product(name: "BurgeeCore", package: burgeePackage)],
            path: "Sources/EvaluationScenarios"
        ),
        .executableTarget(
            name: "CoreEvaluation",
            dependencies: [
                "EvaluationScenarios",
                .product(name: "BurgeeCore", package: burgeePackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CoreEvaluation",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ClientEvaluation",
            dependencies: [
                .product(name: "Burgee", package: burgeePackage),
                .product(name: "BurgeeTesting", package: burgeePackage),
                .product(name: "BurgeeUnleash", package: burgeePackage),
                .product(name: "BurgeeDatadog", package: burgeePackage),
                .product(name: "BurgeeLaunchDarkly", package: burgeePackage),
                "EvaluationScenarios",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ClientEvaluation",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SyncPropagation",
            dependencies: [
                .product(name: "Burgee", package: burgeePackage),
                .product(name: "BurgeeLaunchDarkly", package: burgeePackage),
                .product(name: "BurgeeRedis", package: burgeePackage),
                .product(name: "BurgeeServer", package: burgeePackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SyncPropagation",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EventLoad",
            dependencies: [
                "EvaluationScenarios",
                .product(name: "Burgee", package: burgeePackage),
                .product(name: "BurgeeServer", package: burgeePackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EventLoad",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Runs a given number of evaluations of one scenario, for `callgrind.sh`. Not a benchmark:
        // no plugin, and outside Benchmarks/ so that the benchmark plugin does not run it.
        .executableTarget(
            name: "EvaluationLoop",
            dependencies: [
                "EvaluationScenarios",
                .product(name: "BurgeeCore", package: burgeePackage),
                .product(name: "Burgee", package: burgeePackage),
                .product(name: "BurgeeUnleash", package: burgeePackage),
                .product(name: "BurgeeDatadog", package: burgeePackage),
                .product(name: "BurgeeSplit", package: burgeePackage),
                .product(name: "BurgeeLaunchDarkly", package: burgeePackage),
            ],
            path: "Sources/EvaluationLoop"
        ),
    ],
    swiftLanguageModes: [.v6]
)
