import BurgeeCore
import Foundation
import Logging

/// Follows a definitions file: polls its fingerprint and applies each new, usable version.
///
/// A file that is missing, unreadable or not a usable document leaves the last good definitions
/// in place; each such problem is logged once, not on every poll.
final class DefinitionsFileWatcher: Sendable {
    private struct State {
        var fingerprint: FileFingerprint?
        /// The hash of the bytes last read; `nil` after a failed read, so that whatever comes back is parsed.
        var contentHash: UInt32?
        /// Whether the last read may have missed a write in the same timestamp tick.
        var mayHaveMissedWrite: Bool
        var lastProblem: String?
    }

    let path: String
    let served: any ServedFormat.Type
    private let store: DefinitionsStore
    private let logger: Logger
    private let state: Locked<State>

    /// Reads the file once, for the server's first definitions.
    static func load(path: String, as served: any ServedFormat.Type) throws(DefinitionsServerError) -> (ParsedDefinitions, FileContents) {
        let contents = try FileContents.read(path)
        do {
            return (try ParsedDefinitions(jsonBytes: contents.bytes, as: served), contents)
        } catch {
            throw .invalidDefinitions(error)
        }
    }

    init(path: String, served: any ServedFormat.Type, initial contents: FileContents, store: DefinitionsStore, logger: Logger) {
        self.path = path
        self.served = served
        self.store = store
        self.logger = logger
        state = Locked(State(fingerprint: contents.fingerprint, contentHash: Murmur3.hash(contents.bytes),
                            mayHaveMissedWrite: contents.isRecent, lastProblem: nil))
    }

    /// Polls every `interval` of `clock` until cancelled.
    func run(every interval: Duration, on clock: any Clock<Duration>) async {
        while !Task.isCancelled {
            do { try await clock.sleep(for: interval) } catch { return }
            poll()
        }
    }

    /// Checks the file once and applies it when it changed.
    func poll() {
        let fingerprint: FileFingerprint
        do {
            fingerprint = try FileFingerprint(path: path)
        } catch {
            state.withLock { $0.contentHash = nil }
            report("cannot read '\(path)': \(error); keeping the last good definitions")
            return
        }
        let unchanged = state.withLock { $0.fingerprint == fingerprint && !$0.mayHaveMissedWrite }
        guard !unchanged else { return }

        let contents: FileContents
        do {
            contents = try FileContents.read(path)
        } catch {
            state.withLock { $0.contentHash = nil }
            report("\(error); keeping the last good definitions")
            return
        }
        let hash = Murmur3.hash(contents.bytes)
        let isNew = state.withLock { s in
            s.fingerprint = contents.fingerprint
            s.mayHaveMissedWrite = contents.isRecent
            defer { s.contentHash = hash }
            return s.contentHash != hash
        }
        guard isNew else { return }

        let parsed: ParsedDefinitions
        do {
            parsed = try ParsedDefinitions(jsonBytes: contents.bytes, as: served)
        } catch {
            // Keyed by content too: each new unusable version is reported, even with the same message.
            report("'\(path)': \(error); keeping the last good definitions", key: String(hash))
            return
        }
        state.withLock { $0.lastProblem = nil }
        let changes = store.apply(parsed)
        if !changes.isEmpty {
            logger.info("Definitions changed", metadata: [
                "burgee.path": "\(path)", "burgee.changes": "\(changes.count)",
                "burgee.documentVersion": "\(changes[0].documentVersion)",
            ])
        }
    }

    private func report(_ problem: String, key: String = "") {
        let identity = key + problem
        let isNew = state.withLock { s in
            defer { s.lastProblem = identity }
            return s.lastProblem != identity
        }
        if isNew { logger.warning("\(problem)") }
    }
}
