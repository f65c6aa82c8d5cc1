import Burgee
import BurgeeCore

/// Builds and starts clients over a bootstrap document or a ``ManualDataSource``.
package enum ClientHarness {
    /// A started client serving `json` from a bootstrap source, ready.
    package static func ready(_ json: String, _ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) async throws -> BurgeeClient {
        var configuration = BurgeeClient.Configuration(source: .bootstrap(.json(json)), logger: TestClients.quietLogger)
        configure(&configuration)
        return try await TestClients.started(configuration)
    }

    /// A started client over a ``ManualDataSource`` that is connected; not ready until a push.
    package static func manual(_ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) async throws
        -> (BurgeeClient, ManualDataSource) {
        let source = ManualDataSource()
        var configuration = BurgeeClient.Configuration(source: .custom(source), logger: TestClients.quietLogger)
        configure(&configuration)
        let client = try BurgeeClient(configuration: configuration)
        client.start()
        await source.waitUntilConnected()
        return (client, source)
    }
}
