import BurgeeCore
import BurgeeRedis
import Burgee
import Logging
import NIOCore
import NIOPosix

/// Reads big segment memberships from the store for evaluations, caches them, and polls the
/// store's status: what LaunchDarkly's SDKs call the big segment store manager (see
/// ``LaunchDarklyBigSegments``). The program of a client configured with big segments asks it.
package final class LaunchDarklyBigSegmentsManager: SegmentMembershipSource {
    package let settings: LaunchDarklyBigSegments
    private let redis: RedisClient
    private let state: Locked<State>

    private struct State {
        var cache: ExpiringMembershipCache
        var status: LaunchDarklyBigSegmentStoreStatus?
        var elapsed: @Sendable () -> Duration
        /// The client's event clock: cache ages (coarse milliseconds) and staleness (wall time).
        var events = EventClock.system
        var logger = Logger(label: "burgee")
        var observers: [Int: AsyncStream<LaunchDarklyBigSegmentStoreStatus>.Continuation] = [:]
        var nextObserver = 0
        var warnedEventLoop = false
    }

    package init(_ settings: LaunchDarklyBigSegments) {
        self.settings = settings
        let clock = ContinuousClock()
        let start = clock.now
        let elapsed: @Sendable () -> Duration = { start.duration(to: clock.now) }
        let state = Locked(State(cache: ExpiringMembershipCache(capacity: settings.contextCacheSize, maxAge: settings.contextCacheTime),
                                 elapsed: elapsed))
        self.state = state
        // The reconnection backoff on the clock `start` gives, the client's.
        redis = RedisClient(configuration: settings.store.redis, elapsed: { state.withLock { $0.elapsed }() })
    }

    deinit {
        let redis = redis
        Task { await redis.close() }
        for observer in state.withLock({ $0.observers.values }) { observer.finish() }
    }

    // MARK: Memberships

    package func memberships(ofKey key: String) -> SegmentMemberships {
        let cached = state.withLock { $0.cache.get(key, now: $0.events.coarseMilliseconds()) }
        let references: [String: [Int64: Bool]]
        if let cached {
            references = cached
        } else {
            guard let read = query(key) else { return SegmentMemberships(references: nil, status: .storeError) }
            references = read
        }
        guard let status = status ?? queryStatus() else { return SegmentMemberships(references: references, status: .storeError) }
        if !status.available { return SegmentMemberships(references: references, status: .storeError) }
        return SegmentMemberships(references: references, status: status.stale ? .stale : .healthy)
    }

    /// One key's memberships read from the store and cached, blocking for one round trip; `nil`
    /// when the store cannot be read now.
    private func query(_ key: String) -> [String: [Int64: Bool]]? {
        let commands = LaunchDarklyBigSegmentLayout.membershipCommands(settings.store, contextKey: key)
        guard let replies = blockingPipeline(commands, purpose: "membership") else {
            Task { await self.fill(key) }
            return nil
        }
        do {
            let references = try LaunchDarklyBigSegmentLayout.memberships(replies)
            state.withLock { $0.cache.set(key, references, now: $0.events.coarseMilliseconds()) }
            return references
        } catch {
            log("big segment store membership query returned error", error)
            return nil
        }
    }

    /// Reads a key's memberships into the cache without blocking (after a miss that could not block).
    private func fill(_ key: String) async {
        guard let replies = try? await redis.pipeline(LaunchDarklyBigSegmentLayout.membershipCommands(settings.store, contextKey: key)),
              let references = try? LaunchDarklyBigSegmentLayout.memberships(replies)
        else { return }
        state.withLock { $0.cache.set(key, references, now: $0.events.coarseMilliseconds()) }
    }

    /// The replies to `commands`, blocking this thread until they come (or the command timeout);
    /// `nil` on an event loop thread, which must never block, or when no connection is open.
    private func blockingPipeline(_ commands: [RESPCommand], purpose: String) -> [RESPValue]? {
        guard MultiThreadedEventLoopGroup.currentEventLoop == nil else {
            let first = state.withLock { state in
                defer { state.warnedEventLoop = true }
                return !state.warnedEventLoop
            }
            if first {
                logger.warning("a big segment was evaluated on an event loop thread, which must not block: the context's membership is read in the background and this evaluation reports STORE_ERROR")
            }
            return nil
        }
        guard let future = redis.pipelineIfConnected(commands) else { return nil }
        do {
            return try future.wait()
        } catch {
            log("big segment store \(purpose) query returned error", error)
            return nil
        }
    }

    // MARK: Status

    /// The status last polled; `nil` before the first poll.
    package var status: LaunchDarklyBigSegmentStoreStatus? { state.withLock { $0.status } }

    /// The status queried now, blocking, for an evaluation before the first poll.
    private func queryStatus() -> LaunchDarklyBigSegmentStoreStatus? {
        guard let replies = blockingPipeline([RESPCommand("GET", LaunchDarklyBigSegmentLayout.synchronizedOnKey(settings.store))],
                                             purpose: "status")
        else { return nil }
        let status = status(from: Result { () throws(RedisError) in try LaunchDarklyBigSegmentLayout.synchronizedOn(replies[0]) })
        update(status)
        return status
    }

    /// Polls the store's status once and tells the observers when it changed.
    @discardableResult
    package func poll() async -> LaunchDarklyBigSegmentStoreStatus {
        let synchronizedOn: Result<Int64?, RedisError>
        do {
            let reply = try await redis.pipeline([RESPCommand("GET", LaunchDarklyBigSegmentLayout.synchronizedOnKey(settings.store))])
            synchronizedOn = .success(try LaunchDarklyBigSegmentLayout.synchronizedOn(reply[0]))
        } catch {
            synchronizedOn = .failure(error)
        }
        let status = status(from: synchronizedOn)
        update(status)
        return status
    }

    private func status(from synchronizedOn: Result<Int64?, RedisError>) -> LaunchDarklyBigSegmentStoreStatus {
        switch synchronizedOn {
        case .failure(let error):
            log("big segment store status query returned error", error)
            return LaunchDarklyBigSegmentStoreStatus(available: false, stale: false)
        case .success(let millis):
            guard let millis else { return LaunchDarklyBigSegmentStoreStatus(available: true, stale: true) }
            let now = state.withLock { $0.events.wallMilliseconds() }
            let staleAfter = settings.staleAfter.components
            let staleMillis = staleAfter.seconds * 1_000 + staleAfter.attoseconds / 1_000_000_000_000_000
            return LaunchDarklyBigSegmentStoreStatus(available: true, stale: now - millis >= staleMillis)
        }
    }

    /// Keeps `status`; the observers hear of a change (not of the first status).
    private func update(_ status: LaunchDarklyBigSegmentStoreStatus) {
        let observers = state.withLock { state -> [AsyncStream<LaunchDarklyBigSegmentStoreStatus>.Continuation] in
            defer { state.status = status }
            guard let previous = state.status, previous != status else { return [] }
            return Array(state.observers.values)
        }
        for observer in observers { observer.yield(status) }
    }

    /// Each change of the status, from now on.
    package func updates() -> AsyncStream<LaunchDarklyBigSegmentStoreStatus> {
        let (stream, continuation) = AsyncStream<LaunchDarklyBigSegmentStoreStatus>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = state.withLock { state in
            defer { state.nextObserver += 1 }
            state.observers[state.nextObserver] = continuation
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Polls the status now and then every ``LaunchDarklyBigSegments/statusPollInterval`` of the
    /// client's clock, until cancelled; the cache's ages are measured on that clock from now on.
    package func start(elapsed: @escaping @Sendable () -> Duration, events: EventClock, logger: Logger) async {
        state.withLock { state in
            state.elapsed = elapsed
            state.events = events
            state.logger = logger
        }
        await poll()
    }

    private var logger: Logger { state.withLock { $0.logger } }

    private func log(_ message: String, _ error: any Error) {
        logger.error("\(message)", metadata: ["error": "\(error)", "prefix": "\(settings.store.prefix)"])
    }

}
