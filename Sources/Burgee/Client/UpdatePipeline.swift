import BurgeeCore
import Logging

/// The writing side of the client: reads and compiles payloads and patches off the evaluation
/// path, swaps the new state in whole, then reports what changed (events, observers, metrics) and
/// writes the cache.
final class UpdatePipeline: Sendable {
    let cell: SnapshotCell<ClientState>
    let status: StatusTracker
    let events: EventBroadcaster<ClientEvent>
    let observers: FlagObservers
    let metrics: ClientMetrics
    let cache: PersistentCache?
    /// Receives the document the cache would keep (``BurgeeClient/Configuration/definitionsMirror``).
    let mirror: (@Sendable (HeldDocument) -> Void)?
    let limits: JSONLimits
    let flagSets: Set<String>?
    /// How each format compiles its definitions (its settings from the configuration).
    let compileOptions: CompileOptions
    let logger: Logger
    /// Receives the summary counts of replaced snapshots, when the client records events.
    let recorder: EventRecorder?
    /// The definitions held, for patching. Serializes updates (a patch reads what the previous
    /// update left); evaluations never take it.
    private let current = Locked<CurrentDefinitions?>(nil)
    /// How many problems the installed definitions have, so that the count is logged only when it
    /// changes. Written with `current` locked.
    private let problemCount = Locked(0)

    init(cell: SnapshotCell<ClientState>, status: StatusTracker, events: EventBroadcaster<ClientEvent>,
         observers: FlagObservers, metrics: ClientMetrics, cache: PersistentCache?, limits: JSONLimits,
         flagSets: Set<String>?, compileOptions: CompileOptions = CompileOptions(),
         mirror: (@Sendable (HeldDocument) -> Void)? = nil, logger: Logger, recorder: EventRecorder?) {
        self.mirror = mirror
        self.recorder = recorder
        self.cell = cell
        self.status = status
        self.events = events
        self.observers = observers
        self.metrics = metrics
        self.cache = cache
        self.limits = limits
        self.flagSets = flagSets
        self.compileOptions = compileOptions
        self.logger = logger
    }

    /// Applies a whole payload; `false` when it was rejected (the last good definitions stay).
    /// A document of the format and shape held whose items change one at a time replaces only
    /// the items that differ (``CurrentDefinitions/replaceItems(withWhole:format:)``); the same
    /// items again keep the snapshot.
    func apply(_ payload: DefinitionsPayload, origin: ClientEvent.DefinitionsOrigin) -> Bool {
        let parsed: ParsedPayload
        do {
            parsed = try payload.parse(limits: limits)
        } catch {
            reject(error, origin: origin)
            return false
        }
        if case .json(let json, let format, _) = parsed.storage {
            let replaced = current.withLock { held -> Bool in
                guard held != nil, let changed = held!.replaceItems(withWhole: json, format: format) else { return false }
                if changed.flags.isEmpty, changed.segments.isEmpty, let snapshot = cell.read({ $0.snapshot }),
                   snapshot.version == held!.definitions.version {
                    install(snapshot, origin: origin)
                } else {
                    install(&held!, origin: origin, touched: flagSets != nil ? nil : changed)
                }
                return true
            }
            if replaced {
                if origin == .dataSource { keep(parsed.bytes) }
                return true
            }
        }
        let read: (definitions: CurrentDefinitions, bytes: [UInt8])
        do {
            read = try parsed.read()
        } catch {
            reject(error, origin: origin)
            return false
        }
        current.withLock { held in
            held = read.definitions
            install(&held!, origin: origin)
        }
        if origin == .dataSource { keep(read.bytes) }
        return true
    }

    /// Applies one item's change when its version is newer than the one held.
    func apply(_ patch: DefinitionsPatch) -> PatchResult {
        let result = current.withLock { held -> (PatchResult, JSONValue?) in
            guard held?.isPatchable == true else { return (.ignoredNoDefinitions, nil) }
            // Patched in place: a copy would copy the drafts kept for patching.
            guard held!.apply(patch) else {
                return (.ignoredStale(current: held!.version(of: patch.kind, patch.key) ?? 0), nil)
            }
            // Under a flag-set selection a patch can select or hide other flags: all are compared then.
            let touched = flagSets != nil ? nil : patch.kind == .flag ? ([patch.key], []) : ([], [patch.key])
            install(&held!, origin: .dataSource, touched: touched)
            return (.applied, cache == nil && mirror == nil ? nil : held!.json)
        }
        switch result.0 {
        case .applied:
            if let json = result.1 {
                cache?.store(Array(json.serialized().utf8))
                mirror?(.json(json))
            }
        case .ignoredStale(let held):
            logger.debug("ignored a patch not newer than the definitions held", metadata: [
                "kind": "\(patch.kind.rawValue)", "key": "\(patch.key)", "version": "\(patch.version)", "held": "\(held)",
            ])
        case .ignoredNoDefinitions:
            logger.debug("ignored a patch before any definitions", metadata: ["key": "\(patch.key)"])
        }
        return result.0
    }

    /// At start: the bootstrap document or the cache, whichever has the higher version (the
    /// cache on a tie). Unreadable ones are skipped with a warning.
    func loadInitial(bootstrap: DefinitionsPayload?, cache cachedBytes: [UInt8]?) {
        var candidates: [(definitions: CurrentDefinitions, origin: ClientEvent.DefinitionsOrigin)] = []
        if let cachedBytes {
            do {
                candidates.append((try DefinitionsPayload.json(cachedBytes).read(limits: limits).definitions, .cache))
            } catch {
                logger.warning("ignoring corrupt definitions cache", metadata: ["error": "\(error)"])
            }
        }
        if let bootstrap {
            do {
                candidates.append((try bootstrap.read(limits: limits).definitions, .bootstrap))
            } catch {
                reject(error, origin: .bootstrap)
            }
        }
        guard let best = candidates.max(by: { $0.definitions.definitions.version < $1.definitions.definitions.version })
        else { return }
        current.withLock { held in
            held = best.definitions
            install(&held!, origin: best.origin)
        }
        if best.origin == .cache, let cachedBytes { mirror?(.bytes(cachedBytes)) }
    }

    /// Writes the cache and hands the bytes to the mirror, after an update from the data source;
    /// the bytes are made only when one of them takes them.
    private func keep(_ bytes: @autoclosure () -> [UInt8]) {
        guard cache != nil || mirror != nil else { return }
        let kept = bytes()
        cache?.store(kept)
        mirror?(.bytes(kept))
    }

    /// Logs the number of problems when it differs from the previous definitions' (a warning
    /// while there are some); the problems themselves are ``BurgeeClient/definitionsProblems``.
    private func logProblemCount(_ count: Int) {
        let previous = problemCount.withLock { held in
            defer { held = count }
            return held
        }
        guard count != previous else { return }
        if count > 0 {
            logger.warning("definitions have problems; see definitionsProblems", metadata: [
                "count": "\(count)", "previous": "\(previous)",
            ])
        } else {
            logger.info("definitions have no problems any more", metadata: ["previous": "\(previous)"])
        }
    }

    private func reject(_ error: DefinitionsError, origin: ClientEvent.DefinitionsOrigin) {
        logger.warning("rejected definitions; keeping the last good ones",
                       metadata: ["origin": "\(origin.rawValue)", "error": "\(error)"])
        metrics.rejectedUpdates.increment()
        if origin == .dataSource {
            status.fail(DataSourceError(kind: .invalidData, message: error.description))
        }
    }

    /// Compiles and swaps in `definitions`, sets the status for the source's definitions, then
    /// reports the changes. Called with `current` locked. With `touched`, only those items can
    /// have changed (a patch's).
    private func install(_ definitions: inout CurrentDefinitions, origin: ClientEvent.DefinitionsOrigin,
                         touched: (flags: [String], segments: [String])? = nil) {
        install(definitions.compile(flagSets: flagSets, options: compileOptions), origin: origin, touched: touched)
    }

    /// Swaps in `snapshot`, sets the status for the source's definitions, then reports the
    /// changes. Called with `current` locked.
    private func install(_ snapshot: Snapshot, origin: ClientEvent.DefinitionsOrigin,
                         touched: (flags: [String], segments: [String])? = nil) {
        logProblemCount(snapshot.problemCount)
        // With events, the changes go first: the event table reads again only the flags changed.
        // Installs are serialised by `current`: the state read here is the one replaced.
        let held = recorder == nil ? nil : cell.read { $0 }
        var changes = held?.snapshot.map { ChangeDetector.changes(from: $0, to: snapshot, touched: touched) }
        let old = cell.replace(with: ClientState(snapshot: snapshot, origin: origin, recordsEvents: recorder != nil,
                                                 eventDetails: recorder?.summaryDetails ?? false,
                                                 previous: held, changedFlags: changes?.flags))
        if changes == nil, let previous = old.snapshot {
            changes = ChangeDetector.changes(from: previous, to: snapshot, touched: touched)
        }
        // No reader counts into the old table any more: its counts are final.
        if let table = old.eventTable { recorder?.retire(table) }
        // Before the events, so that whoever sees `ready` or `updated` sees the status it led to.
        if origin == .dataSource { status.set(.valid) }
        metrics.updates.increment()
        metrics.flags.record(snapshot.visibleFlagCount)
        if let previous = old.snapshot, let changes {
            if !changes.flags.isEmpty || !changes.segments.isEmpty {
                events.yield(.updated(ClientEvent.DefinitionsUpdate(version: snapshot.version, origin: origin,
                                                        changedFlags: changes.flags, changedSegments: changes.segments)))
                observers.notify(changedFlags: Set(changes.flags), old: previous, new: snapshot)
            }
        } else {
            logger.info("definitions ready", metadata: [
                "origin": "\(origin.rawValue)", "version": "\(snapshot.version)", "flags": "\(snapshot.visibleFlagCount)",
            ])
            events.yield(.ready(origin))
        }
    }
}
