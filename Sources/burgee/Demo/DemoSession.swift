import Burgee
import BurgeeCore
import BurgeeServer
import Foundation
import Logging

/// What every demo sets up and tears down: a definitions file in a temporary folder, and a
/// server and a client that are stopped whatever happens.
enum DemoSession {
    /// Writes `contents` to `name` in a new temporary folder, runs `body` with the file's path, and
    /// removes the folder.
    static func withFile<R>(named name: String, contents: String, _ body: (String) async throws -> R) async throws -> R {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("burgee-demo-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name).path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        return try await body(file)
    }

    /// Demos print what they show; the library's own logs would only interleave with it.
    static let quietLogger = Logger(label: "burgee-demo", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Starts the server `burgee serve` runs, on a free loopback port, watching `file` (checked
    /// every 50 ms, so that an edit shows at once); `configure` sets what a format's mode needs
    /// beyond the file (the Data API's visitors in Kameleoon mode).
    static func serve(_ file: String, format: DefinitionsFormat = .native, sdkKey: String? = nil,
                      configure: (inout DefinitionsServerConfiguration) -> Void = { _ in }) async throws
        -> RunningDefinitionsServer
    {
        var configuration = DefinitionsServerConfiguration(sdkKey: sdkKey, heartbeatInterval: .seconds(5), watchInterval: .milliseconds(50))
        configuration.format = format
        configure(&configuration)
        return try await DefinitionsServer.start(configuration: configuration, definitions: .file(file), logger: quietLogger)
    }

    /// Whether `condition` holds within 5 seconds, checked every 10 ms.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// Starts `client` and, once it is ready (within 5 s: else a ``DemoFailure`` naming `what` it
    /// waited for), runs `body` with the client's events, subscribed before it started; then
    /// closes the client and stops `server`, also when `body` throws.
    static func run(_ client: BurgeeClient, _ server: RunningDefinitionsServer, awaiting what: String,
                    _ body: (AsyncStream<ClientEvent>) async throws -> Void) async throws {
        let events = client.events()
        client.start()
        do {
            guard await client.waitUntilReady(timeout: .seconds(5)) else {
                throw DemoFailure("the client did not receive \(what) within 5 s (status: \(client.dataSourceStatus))")
            }
            try await body(events)
        } catch {
            await client.close()
            await server.stop()
            throw error
        }
        await client.close()
        await server.stop()
    }

    /// The first update of `events`, or `nil` after `timeout`.
    static func nextUpdate(_ events: AsyncStream<ClientEvent>, within timeout: Duration) async -> ClientEvent.DefinitionsUpdate? {
        await withTaskGroup(of: ClientEvent.DefinitionsUpdate?.self) { group in
            group.addTask {
                for await event in events { if case .updated(let update) = event { return update } }
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
}

/// Why a demo could not finish.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
