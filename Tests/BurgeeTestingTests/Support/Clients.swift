import Burgee
import BurgeeTesting
import Logging
import Testing

/// Clients over a ``TestData`` source, for the tests.
enum Clients {
    static let user = Context(key: "u-1")

    static var quietLogger: Logger { Logger(label: "burgee-testing-test", factory: { _ in SwiftLogNoOpLogHandler() }) }

    /// A client over `testData`, not started.
    static func make(_ testData: TestData,
                     _ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) throws -> BurgeeClient {
        var configuration = BurgeeClient.Configuration(source: .custom(testData), logger: quietLogger)
        configure(&configuration)
        return try BurgeeClient(configuration: configuration)
    }

    /// A started client over `testData`, ready.
    static func ready(_ testData: TestData,
                      _ configure: (inout BurgeeClient.Configuration) -> Void = { _ in }) async throws -> BurgeeClient {
        let client = try make(testData, configure)
        client.start()
        try #require(await client.waitUntilReady(timeout: .seconds(30)))
        return client
    }
}

/// The first element of `stream` matching `predicate` within `timeout`; `nil` otherwise.
func firstElement<T: Sendable>(_ stream: AsyncStream<T>, within timeout: Duration = .seconds(10),
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

/// Whether `event` is an update.
@Sendable func isUpdate(_ event: ClientEvent) -> Bool {
    if case .updated = event { true } else { false }
}
