import Burgee
import BurgeeCore
import Foundation
import InMemoryLogging
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Helpers for the tests that use real files and real clocks: temporary directories, file writes,
/// small definitions documents, bounded waits for client events, captured logs, and clients that
/// are always closed.
///
/// Everything is namespaced under `TestFiles` so that it cannot collide with other support files
/// of the target.
package enum TestFiles {
    // MARK: Temporary directories

    /// Runs `body` with a new, empty directory under `/tmp`, and removes the directory (and whatever
    /// is in it) afterwards, whether `body` returns or throws.
    package static func withTemporaryDirectory<R>(_ body: (String) async throws -> R) async throws -> R {
        let directory = "/tmp/burgee-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try await body(directory)
    }

    // MARK: Files

    /// A failed file operation of the helpers.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Writes `bytes` to `path`. Atomically (a temporary file beside it, then `rename`) by default,
    /// so that a watching reader sees the old or the new content, never a partial one; otherwise
    /// in place (the existing file truncated and written, keeping its identity).
    package static func write(_ bytes: [UInt8], to path: String, atomically: Bool = true) throws {
        guard atomically else {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return
        }
        let temporary = "\(path).writing-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(description: "cannot rename '\(temporary)' to '\(path)': \(String(cString: strerror(code)))")
        }
    }

    /// Writes `text` as UTF-8 to `path`, as the bytes variant does.
    package static func write(_ text: String, to path: String, atomically: Bool = true) throws {
        try write(Array(text.utf8), to: path, atomically: atomically)
    }

    /// The bytes of the file at `path`.
    package static func remove(_ path: String) throws {
        struct RemoveFailed: Error { let path: String }
        guard unlink(path) == 0 else { throw RemoveFailed(path: path) }
    }

    package static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read '\(path)'")
        }
        return [UInt8](data)
    }

    /// Whether something (a file, a directory) exists at `path`.
    package static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The names in `directory`, sorted.
    package static func names(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// Creates a directory at `path` (parents included).
    package static func makeDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    // MARK: Definitions

    /// One member of a document's `flags` object: an enabled boolean flag `key` with variations
    /// `off` (`false`) and `on` (`true`), off variation `off`, and a fallthrough serving `serves`;
    /// in the flag sets `sets` when given.
    package static func flag(_ key: String, serves variation: String = "on", sets: [String]? = nil, version: Int = 1) -> String {
        Definitions.boolFlag(key, variation == "on", version: version, sets: sets ?? [])
    }

    /// A valid native v1 document (format version 1) of the given ``flag(_:serves:sets:version:)`` members.
    package static func definitions(version: Int = 1, flags: [String]) -> String {
        Definitions.document(version: version, flags: flags)
    }

    /// A valid native v1 document holding one boolean flag `key` whose fallthrough serves `serves`
    /// (`"on"`: `true`, `"off"`: `false`), in the flag sets `sets` when given.
    package static func definitions(version: Int = 1, flag key: String = "flag", serves variation: String = "on",
                                    sets: [String]? = nil) -> String {
        definitions(version: version, flags: [flag(key, serves: variation, sets: sets)])
    }

    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }

    /// The context the tests evaluate for.
    package static let context = Context(key: "user-1")

    // MARK: Events

    /// The first event of `events` matching `predicate`, or `nil` when none arrives within
    /// `timeout`. Returns as soon as the event arrives: the stream is raced against a sleep.
    ///
    /// Subscribe (``BurgeeClient/events()``) before the action whose events are awaited. Waits on
    /// one stream must not overlap; after a timeout the stream is finished.
    package static func nextEvent(_ events: AsyncStream<ClientEvent>, within timeout: Duration = .seconds(10),
                                  where predicate: @escaping @Sendable (ClientEvent) -> Bool) async -> ClientEvent? {
        await firstElement(events, within: timeout, where: predicate)
    }

    /// Whether `event` is a readiness, or a status change carrying an error: what a test waiting
    /// for a source's first load stops at, so that a failure shows at once (and names the error).
    @Sendable package static func isReadyOrFailure(_ event: ClientEvent) -> Bool {
        switch event {
        case .ready: true
        case .statusChanged(let status): status.lastError != nil
        case .readyTimedOut, .updated: false
        }
    }

    /// The next status change of `events` matching `predicate`, or `nil` on timeout.
    package static func nextStatus(_ events: AsyncStream<ClientEvent>, within timeout: Duration = .seconds(10),
                                   where predicate: @escaping @Sendable (DataSourceStatus) -> Bool) async -> DataSourceStatus? {
        let event = await nextEvent(events, within: timeout) { event in
            if case .statusChanged(let status) = event { return predicate(status) }
            return false
        }
        if case .statusChanged(let status)? = event { return status }
        return nil
    }

    /// The next status change of `events` to `state`, or `nil` on timeout.
    package static func nextStatus(_ events: AsyncStream<ClientEvent>, _ state: DataSourceStatus.State,
                                   within timeout: Duration = .seconds(10)) async -> DataSourceStatus? {
        await nextStatus(events, within: timeout) { $0.state == state }
    }

    /// The next `.updated` event of `events` matching `predicate`, or `nil` on timeout.
    package static func nextUpdate(_ events: AsyncStream<ClientEvent>, within timeout: Duration = .seconds(10),
                                   where predicate: @escaping @Sendable (ClientEvent.DefinitionsUpdate) -> Bool = { _ in true }) async -> ClientEvent.DefinitionsUpdate? {
        let event = await nextEvent(events, within: timeout) { event in
            if case .updated(let update) = event { return predicate(update) }
            return false
        }
        if case .updated(let update)? = event { return update }
        return nil
    }

    // MARK: Clients

    /// A logger that drops everything, for clients whose logs a test does not look at.
    package static var quietLogger: Logger { TestClients.quietLogger }

    /// Creates a client (not started) for `configuration`, runs `body` with it, and closes it at
    /// the end — also when `body` throws. Closing twice is harmless, so `body` may close it itself
    /// (to look at what closing leaves behind).
    package static func withClient<R>(_ configuration: BurgeeClient.Configuration,
                                      _ body: (BurgeeClient) async throws -> R) async throws -> R {
        let client = try BurgeeClient(configuration: configuration)
        do {
            let result = try await body(client)
            await client.close()
            return result
        } catch {
            await client.close()
            throw error
        }
    }

    // MARK: Logs

    /// Records what a logger logs, for a client's `Configuration.logger`, through swift-log's
    /// `InMemoryLogHandler`. The logging system is never bootstrapped.
    package final class LogRecorder: Sendable {
        /// One logged message, its metadata as text.
        package struct Entry: Sendable, CustomStringConvertible {
            package var level: Logger.Level
            package var message: String
            package var metadata: [String: String]

            package var description: String { "[\(level)] \(message) \(metadata)" }
        }

        private let handler = InMemoryLogHandler()

        package init() {}

        /// A logger recording into this recorder, at every level.
        package var logger: Logger {
            var handler = self.handler
            handler.logLevel = .trace
            return Logger(label: "burgee-tests", factory: { _ in handler })
        }

        /// Everything logged so far, in order.
        package var entries: [Entry] {
            handler.entries.map {
                Entry(level: $0.level, message: $0.message.description, metadata: $0.metadata.mapValues { "\($0)" })
            }
        }

        /// The warnings logged so far.
        package var warnings: [Entry] { entries.filter { $0.level == .warning } }
    }
}
