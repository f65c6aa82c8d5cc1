// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "burgee",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "BurgeeCore", targets: ["BurgeeCore"]),
        .executable(name: "burgee", targets: ["burgee"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // The evaluator core: definitions model, compiler, snapshot, evaluator. Depends on nothing.
        .target(
            name: "BurgeeCore",
            // Double rounding (floor, trunc) lives in libm on Linux; programs without Foundation need it linked.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "burgee",
            dependencies: [
                "BurgeeCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "BurgeeCoreTests", dependencies: ["BurgeeCore"]),
        .testTarget(name: "BurgeeConformanceTests", dependencies: ["BurgeeCore"]),
        .testTarget(name: "BurgeeCLITests", dependencies: ["burgee"]),
    ],
    swiftLanguageModes: [.v6]
)
