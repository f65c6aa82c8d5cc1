import Burgee
import BurgeeCore

/// The one owner of a Split client's synced state: consumes ``SplitSyncRequest``s (its own
/// timers, and the streaming task's notifications and state changes) one at a time, so polling
/// and push share one sync routine and never fetch at once.
///
/// It polls (a full fetch every polling interval) while streaming is down or off, and not while
/// it is up; when the stream comes up it fetches everything once, as Split's SDKs do. A
/// notification fetches what it names when its change number is newer than the one held, unless
/// it carries the changed flag and follows on from the change number held (applied in place); a kill
/// is applied to the stored flag at once (killed, its default treatment, the change number) and
/// then fetched. A failed fetch keeps the last good state and retries with the backoff of
/// ``HTTPOptions`` (or after a `Retry-After`), whatever the streaming state; 401 and 403 stop the
/// source as `unauthorized`. The client gets the whole Split document whenever something changed.
struct SplitSyncLoop {
    private var fetcher: SplitFetcher
    private let options: SplitPolling
    private let sink: DataSourceSink
    private let send: @Sendable (SplitSyncRequest) -> Void

    private var state = SplitSyncState()
    private var delivered = false
    private var failures = 0
    private var polling = true
    /// The timer set last; a request from an earlier one is stale.
    private var timerGeneration = 0
    private var timer: Task<Void, Never>?

    init(fetcher: SplitFetcher, options: SplitPolling, sink: DataSourceSink, send: @escaping @Sendable (SplitSyncRequest) -> Void) {
        self.fetcher = fetcher
        self.options = options
        self.sink = sink
        self.send = send
    }

    /// What to fetch.
    private enum Scope {
        case all(till: Int64?)
        case segment(String, till: Int64)
    }

    /// What a request ended with.
    private enum Step {
        case goOn
        case stop
    }

    /// Runs until `requests` ends (the source's task is cancelled) or the key is refused.
    mutating func run(_ requests: AsyncStream<SplitSyncRequest>) async {
        setTimer(after: .zero)
        loop: for await request in requests {
            switch await handle(request) {
            case .goOn: continue
            case .stop: break loop
            }
        }
        timer?.cancel()
    }

    private mutating func handle(_ request: SplitSyncRequest) async -> Step {
        switch request {
        case .timer(let generation):
            guard generation == timerGeneration else { return .goOn }
            return await sync(.all(till: nil))
        case .streaming(let streaming):
            let wasPolling = polling
            polling = streaming != .up
            if wasPolling != polling {
                sink.logger.info(polling ? "Split streaming is down; polling" : "Split streaming is up; polling stops",
                                 metadata: ["interval": "\(options.pollingInterval)"])
            }
            // Up: one full sync, as Split's SDKs do on connecting. Down or off: poll from now
            // (already polling: the poll timer runs on).
            guard streaming == .up || !wasPolling else { return .goOn }
            return await sync(.all(till: nil))
        case .notification(let notification):
            return await handle(notification)
        case .refused(let error):
            sink.setState(.unauthorized, error: error)
            return .stop
        }
    }

    private mutating func handle(_ notification: SplitNotification) async -> Step {
        switch notification {
        case .flagsUpdated(let changeNumber, let previous, let item):
            guard changeNumber > state.changeNumber else { return .goOn }
            if let item, previous == state.changeNumber, await applyInPlace(item, ruleBased: false, changeNumber) { return .goOn }
            return await sync(.all(till: changeNumber))
        case .ruleBasedSegmentsUpdated(let changeNumber, let previous, let item):
            guard changeNumber > state.ruleBasedChangeNumber else { return .goOn }
            if let item, previous == state.ruleBasedChangeNumber, await applyInPlace(item, ruleBased: true, changeNumber) {
                return .goOn
            }
            return await sync(.all(till: changeNumber))
        case .flagKilled(let name, let defaultTreatment, let changeNumber):
            guard changeNumber > state.changeNumber else { return .goOn }
            var killed = state
            if killed.kill(name, defaultTreatment: defaultTreatment, changeNumber: changeNumber) {
                await deliver(killed)
            }
            return await sync(.all(till: changeNumber))
        case .segmentUpdated(let name, let changeNumber):
            guard state.namedSegments.contains(name), changeNumber > (state.segmentChangeNumbers[name] ?? -1) else { return .goOn }
            return await sync(.segment(name, till: changeNumber))
        }
    }

    /// Applies the flag (or rule-based segment) a notification carries, as Split's SDKs do when it
    /// follows on from the change number held: stored (removed when not `ACTIVE`, or when flag
    /// sets are configured and it is in none of them), the change number advanced, and the
    /// segments it names that are not held fetched up to `changeNumber`. Returns `false`, leaving
    /// the state as it was, when the item cannot be read, names a rule-based segment not held, a
    /// segment cannot be fetched or the client refuses the document: the caller then fetches.
    private mutating func applyInPlace(_ item: SplitPushedItem, ruleBased: Bool, _ changeNumber: Int64) async -> Bool {
        let decoded: (name: String, json: JSONValue)
        do { decoded = try item.decoded(limits: sink.limits) } catch {
            sink.logger.warning("a Split notification's item cannot be read; fetching", metadata: ["error": "\(error.reason)"])
            return false
        }
        var next = state
        if ruleBased {
            SplitSyncState.apply([decoded.json], to: &next.ruleBasedSegments)
            next.ruleBasedChangeNumber = changeNumber
        } else {
            var flag = decoded.json
            let sets = Set(flag.objectValue?["sets"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            if !options.flagSets.isEmpty, sets.isDisjoint(with: options.flagSets), case .object(var members) = flag {
                members["status"] = "ARCHIVED"
                flag = .object(members)
            }
            SplitSyncState.apply([flag], to: &next.flags)
            next.changeNumber = changeNumber
            guard next.ruleBasedSegmentNames.isSubset(of: next.ruleBasedSegments.keys) else { return false }
        }
        for name in next.namedSegments.sorted() where next.segments[name] == nil {
            guard case .current = await fetcher.fetchSegment(name, into: &next, till: changeNumber) else { return false }
        }
        next.forgetUnnamedSegments()
        if next == state { return true }
        return await deliver(next)
    }

    /// Fetches `scope` into a copy of the state, keeps it once the client accepted its document,
    /// and sets the next timer: the polling interval while polling, a backoff after a failure.
    private mutating func sync(_ scope: Scope) async -> Step {
        var next = state
        let outcome: SplitFetcher.Outcome
        switch scope {
        case .all(let till):
            outcome = await fetcher.fetchAll(into: &next, till: till)
        case .segment(let name, let till):
            outcome = await fetcher.fetchSegment(name, into: &next, till: till)
        }
        var retryAfter: Duration?
        switch outcome {
        case .current(let changed):
            if changed || !delivered {
                if await deliver(next) { failures = 0 } else { failures += 1 }
            } else {
                state = next
                failures = 0
                sink.confirmValid()
            }
        case .failed(let failure):
            if Task.isCancelled { return .stop }
            if failure.isUnauthorized {
                sink.logger.error("Split refused the SDK key; the source stops",
                                  metadata: ["url": "\(fetcher.base)", "status": "\(failure.error.statusCode ?? 0)"])
                sink.setState(.unauthorized, error: failure.error)
                return .stop
            }
            failures += 1
            sink.fail(failure.error)
            retryAfter = failure.retryAfter.map { min($0, options.http.maxRetryAfter) }
        }
        if failures > 0 {
            let wait = PollLoop.Pacing.backoff(interval: options.pollingInterval, options.http.backoff)
                .wait(afterFailures: failures, retryAfter: retryAfter)
            if case .failed(let failure) = outcome {
                sink.logger.warning("Split request failed", metadata: [
                    "error": "\(fetcher.transport.redact(failure.error.message))", "failures": "\(failures)", "retryIn": "\(wait)",
                ])
            }
            setTimer(after: wait)
        } else if polling {
            setTimer(after: options.pollingInterval)
        } else {
            cancelTimer()
        }
        return .goOn
    }

    /// Hands the client `next`'s document; keeps `next` when the client accepted it. A refused
    /// document (the client reported why) leaves the state, so the next fetch asks again.
    @discardableResult
    private mutating func deliver(_ next: SplitSyncState) async -> Bool {
        guard await sink.apply(.json(Array(next.document.serialized().utf8), format: .split)) else { return false }
        state = next
        delivered = true
        return true
    }

    private mutating func setTimer(after delay: Duration) {
        cancelTimer()
        let generation = timerGeneration
        let send = send
        let clock = sink.clock
        timer = Task {
            do { try await clock.sleep(for: delay) } catch { return }
            send(.timer(generation: generation))
        }
    }

    private mutating func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerGeneration += 1
    }
}
