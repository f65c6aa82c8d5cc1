// swift-tools-version: 6.2
import Foundation
import PackageDescription

// An example of its own, outside the root package, so that `swift build` and `swift test` of
// Burgee never build swift-otel. A local package's identity is its folder's name, which depends
// on where the repository is cloned.
let burgeePackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "burgee-opentelemetry-example",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        // OTLP over HTTP only: the gRPC exporter is not needed here.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "OpenTelemetryExample",
            dependencies: [
                .product(name: "Burgee", package: burgeePackage),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
