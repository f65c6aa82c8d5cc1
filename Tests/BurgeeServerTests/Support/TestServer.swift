import AsyncHTTPClient
import BurgeeServer
import Logging

/// Starts servers for the tests and always stops them.
enum TestServer {
    static let defaultDocument = Documents.document(
        version: 3, flags: ["alpha": Documents.flag(on: true, version: 2), "beta": Documents.flag(on: false)],
        segments: ["vips": Documents.segment(included: ["u-1"])]
    )

    /// Runs `body` with a started server and a client, and stops the server afterwards.
    static func with<R>(
        _ source: DefinitionsServer.Source = .json(Documents.bytes(defaultDocument)),
        logger: Logger = .quiet,
        readTimeoutSeconds: Int64 = 10,
        configure: (inout DefinitionsServerConfiguration) -> Void = { _ in },
        _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R
    ) async throws -> R {
        var configuration = DefinitionsServerConfiguration(heartbeatInterval: .seconds(30), watchInterval: .milliseconds(20))
        configure(&configuration)
        let server = try DefinitionsServer(configuration: configuration, definitions: source, logger: logger)
        let running = try await server.start()
        do {
            let result = try await HTTP.withClient(readTimeoutSeconds: readTimeoutSeconds) { client in
                try await body(server, running, client)
            }
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }
}
