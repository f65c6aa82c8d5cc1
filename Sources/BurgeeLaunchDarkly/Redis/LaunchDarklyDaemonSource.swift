import Burgee
import BurgeeCore
import BurgeeRedis

/// LaunchDarkly's daemon mode: flags and segments read from a persistent store in Redis that a
/// Relay Proxy or another SDK writes; no connection to LaunchDarkly.
///
/// LaunchDarkly's SDKs read an item from the store when their cached copy is older than the cache
/// TTL. This source reads the whole store (one transaction: `EXISTS`, two `HGETALL`s) every TTL
/// instead, so that no evaluation ever waits for Redis: a change reaches evaluations within one
/// TTL, as it does in LaunchDarkly's SDKs. An infinite cache (`cacheTTL: nil`) reads the store
/// until one read succeeds, then never again, as LaunchDarkly's infinite cache never expires.
///
/// A store without `$inited` is read all the same, with a warning: LaunchDarkly's SDKs in daemon
/// mode evaluate what the store holds (a flag not there is `FLAG_NOT_FOUND`), never
/// `CLIENT_NOT_READY`. A failed read keeps the last good definitions; the status is interrupted
/// until a read succeeds.
struct LaunchDarklyDaemonSource: DataSource {
    let store: LaunchDarklyRedisStore
    let cacheTTL: Duration?

    func run(_ sink: DataSourceSink) async {
        let clock = sink.clock
        let redis = RedisClient(configuration: store.redis, elapsed: { clock.now })
        defer { Task { await redis.close() } }
        var warnedUninitialized = false
        var previous: [UInt8]?
        while !Task.isCancelled {
            let read = await read(redis, sink)
            if let contents = read {
                if !contents.initialized, !warnedUninitialized {
                    warnedUninitialized = true
                    sink.logger.warning("the LaunchDarkly store has not been initialized ($inited is missing): evaluating what it holds",
                                        metadata: ["key": "\(store.initedKey)"])
                }
                if contents.initialized { warnedUninitialized = false }
                if contents.document == previous {
                    sink.confirmValid()
                } else if await sink.apply(.json(contents.document, format: .launchDarkly)) {
                    previous = contents.document
                    sink.logger.debug("read the LaunchDarkly store", metadata: [
                        "flags": "\(contents.flags)", "segments": "\(contents.segments)", "prefix": "\(store.prefix)",
                    ])
                }
            }
            guard let cacheTTL else {
                if read != nil { return }
                do { try await sink.clock.sleep(for: .seconds(1)) } catch { return }
                continue
            }
            do { try await sink.clock.sleep(for: cacheTTL) } catch { return }
        }
    }

    /// The store's contents, or `nil` after reporting why they could not be read.
    private func read(_ redis: RedisClient, _ sink: DataSourceSink) async -> LaunchDarklyRedisLayout.Contents? {
        let replies: [RESPValue]
        do {
            replies = try await redis.transaction(LaunchDarklyRedisLayout.readCommands(store))
        } catch {
            sink.logger.warning("cannot read the LaunchDarkly store", metadata: ["error": "\(error)"])
            sink.fail(DataSourceError(kind: .network, message: error.description))
            return nil
        }
        do {
            return try LaunchDarklyRedisLayout.contents(replies, store: store, limits: sink.limits)
        } catch {
            sink.logger.warning("the LaunchDarkly store holds what is not LaunchDarkly's data", metadata: ["error": "\(error)"])
            sink.fail(DataSourceError(kind: .invalidData, message: error.description))
            return nil
        }
    }
}
