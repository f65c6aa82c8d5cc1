// The clients, logger and bounded waits the test targets share, for every file here.
@_exported import BurgeeTestSupport
import Burgee
import BurgeeCore
import BurgeeTesting

/// Clients over a ``TestData`` source, for the tests.
enum Clients {
    static let user = Context(key: "u-1")

    /// A client over `testData`, not started.
    static func make(_ testData: TestData,
                     _ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) throws -> BurgeeClient {
        try BurgeeClient(configuration: configuration(testData, configure))
    }

    /// A started client over `testData`, ready.
    static func ready(_ testData: TestData,
                      _ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) async throws -> BurgeeClient {
        try await TestClients.started(configuration(testData, configure))
    }

    private static func configuration(_ testData: TestData,
                                      _ configure: (inout BurgeeClient.Configuration) -> Void) -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration(source: .testData(testData), logger: TestClients.quietLogger)
        configure(&configuration)
        return configuration
    }
}

/// Whether `event` is an update.
@Sendable func isUpdate(_ event: ClientEvent) -> Bool {
    if case .updated = event { true } else { false }
}
