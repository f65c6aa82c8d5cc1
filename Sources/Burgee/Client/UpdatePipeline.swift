import BurgeeCore
import Logging
import Synchronization

/// The writing side of the client: reads and compiles payloads off the evaluation path, swaps the
/// new state in whole, then reports what changed (events, observers, metrics) and writes the cache.
final class UpdatePipeline: Sendable {
    let cell: SnapshotCell<ClientState>
    let status: StatusTracker
    let events: EventBroadcaster<ClientEvent>
    let observers: FlagObservers
    let metrics: ClientMetrics
    let cache: PersistentCache?
    let limits: JSONParser.Limits
    let flagSets: Set<String>?
    let logger: Logger
    /// Serializes updates; evaluations never take it.
    private let writer = Mutex(())

    init(cell: SnapshotCell<ClientState>, status: StatusTracker, events: EventBroadcaster<ClientEvent>,
         observers: FlagObservers, metrics: ClientMetrics, cache: PersistentCache?, limits: JSONParser.Limits,
         flagSets: Set<String>?, logger: Logger) {
        self.cell = cell
        self.status = status
        self.events = events
        self.observers = observers
        self.metrics = metrics
        self.cache = cache
        self.limits = limits
        self.flagSets = flagSets
        self.logger = logger
    }

    /// Applies a payload; `false` when it was rejected (the last good definitions stay).
    func apply(_ payload: DefinitionsPayload, origin: DefinitionsOrigin) -> Bool {
        let read: (document: DefinitionsDocument, bytes: [UInt8])
        do {
            read = try payload.read(limits: limits)
        } catch {
            reject(error, origin: origin)
            return false
        }
        install(read.document, bytes: read.bytes, origin: origin)
        return true
    }

    /// At start: the bootstrap document or the cache, whichever has the higher version (the
    /// cache on a tie). Unreadable ones are skipped with a warning.
    func loadInitial(bootstrap: DefinitionsPayload?, cache cachedBytes: [UInt8]?) {
        var candidates: [(document: DefinitionsDocument, bytes: [UInt8], origin: DefinitionsOrigin)] = []
        if let cachedBytes {
            do {
                let document = try DefinitionsDocument(jsonBytes: cachedBytes, limits: limits)
                candidates.append((document, cachedBytes, .cache))
            } catch {
                logger.warning("ignoring corrupt definitions cache", metadata: ["error": "\(error)"])
            }
        }
        if let bootstrap {
            do {
                let read = try bootstrap.read(limits: limits)
                candidates.append((read.document, read.bytes, .bootstrap))
            } catch {
                reject(error, origin: .bootstrap)
            }
        }
        guard let best = candidates.max(by: { $0.document.version < $1.document.version }) else { return }
        install(best.document, bytes: best.bytes, origin: best.origin)
    }

    private func reject(_ error: DefinitionsError, origin: DefinitionsOrigin) {
        logger.warning("rejected definitions; keeping the last good ones",
                       metadata: ["origin": "\(origin.rawValue)", "error": "\(error)"])
        metrics.rejectedUpdates.increment()
        if origin == .dataSource {
            status.fail(DataSourceError(kind: .invalidData, message: error.description))
        }
    }

    private func install(_ document: DefinitionsDocument, bytes: [UInt8], origin: DefinitionsOrigin) {
        // Compiling happens before the writer lock: only the swap and the reports are serialized.
        let snapshot = flagSets.map { Snapshot(compiling: document, flagSets: $0) } ?? Snapshot(compiling: document)
        let problems = snapshot.problems
        if !problems.isEmpty {
            logger.warning("definitions have problems", metadata: [
                "count": "\(problems.count)", "first": "\(problems[0])",
            ])
        }
        writer.withLock { _ in
            let old = cell.replace(with: ClientState(snapshot: snapshot, origin: origin))
            metrics.updates.increment()
            metrics.flags.record(snapshot.flagKeys.count)
            if let previous = old.snapshot {
                let changes = ChangeDetector.changes(from: previous, to: snapshot)
                if !changes.flags.isEmpty || !changes.segments.isEmpty {
                    events.yield(.updated(DefinitionsUpdate(version: snapshot.version, origin: origin,
                                                            changedFlags: changes.flags, changedSegments: changes.segments)))
                    observers.notify(changedFlags: Set(changes.flags), old: previous, new: snapshot)
                }
            } else {
                logger.info("definitions ready", metadata: [
                    "origin": "\(origin.rawValue)", "version": "\(snapshot.version)", "flags": "\(snapshot.flagKeys.count)",
                ])
                events.yield(.ready(origin))
            }
        }
        if origin == .dataSource {
            status.set(.valid)
            cache?.store(bytes)
        }
    }
}
