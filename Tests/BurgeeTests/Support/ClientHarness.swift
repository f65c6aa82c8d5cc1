import Testing
import Burgee
import BurgeeCore
import Logging

/// Builds, starts and closes clients for tests.
enum ClientHarness {
    /// A started client serving `json` from a bootstrap source, ready.
    static func ready(_ json: String, _ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) async throws -> BurgeeClient {
        var configuration = BurgeeClient.Configuration(source: .bootstrap(.json(json)), logger: quietLogger)
        configure(&configuration)
        let client = try BurgeeClient(configuration: configuration)
        client.start()
        try #require(await client.waitUntilReady(timeout: .seconds(30)))
        return client
    }

    /// A started client over a ``ManualDataSource`` that is connected; not ready until a push.
    static func manual(_ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) async throws
        -> (BurgeeClient, ManualDataSource) {
        let source = ManualDataSource()
        var configuration = BurgeeClient.Configuration(source: .custom(source), logger: quietLogger)
        configure(&configuration)
        let client = try BurgeeClient(configuration: configuration)
        client.start()
        await source.waitUntilConnected()
        return (client, source)
    }

    static var quietLogger: Logger { Logger(label: "burgee-test", factory: { _ in SwiftLogNoOpLogHandler() }) }
}

/// The first element of `stream` matching `predicate` within `timeout`; `nil` otherwise.
func firstEvent<T: Sendable>(_ stream: AsyncStream<T>, within timeout: Duration = .seconds(10),
                             where predicate: @escaping @Sendable (T) -> Bool = { _ in true }) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask {
            for await element in stream where predicate(element) { return element }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
