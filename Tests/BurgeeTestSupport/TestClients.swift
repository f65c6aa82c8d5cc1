import Burgee
import BurgeeCore
import Logging

/// Clients for the test suites: started and ready, logging nowhere unless a test reads the logs.
public enum TestClients {
    /// A logger that drops everything, for clients whose logs a test does not read.
    public static var quietLogger: Logger { Logger(label: "burgee-test", factory: { _ in SwiftLogNoOpLogHandler() }) }

    /// A client made from `configuration`, started, and ready.
    /// - Throws: ``NotReady`` when it is not ready within `limit` of the system's clock (or can no
    ///   longer become ready), with its source's status.
    public static func started(_ configuration: BurgeeClient.Configuration,
                               readyWithin limit: Duration = .seconds(30)) async throws -> BurgeeClient {
        let client = try BurgeeClient(configuration: configuration)
        client.start()
        // Bounded on the system's clock: `waitUntilReady`'s timeout is on the client's, which a
        // test may hold still.
        let ready = (try? await withTimeLimit(limit, "readiness") { await client.waitUntilReady(timeout: limit) }) ?? false
        guard ready else {
            let status = client.dataSourceStatus
            await client.close()
            throw NotReady(status: status)
        }
        return client
    }

    /// A client that did not become ready.
    public struct NotReady: Error, CustomStringConvertible {
        /// Its source's status when waiting ended.
        public var status: DataSourceStatus

        /// A sentence for the test report.
        public var description: String { "the client did not become ready: \(status)" }
    }
}
