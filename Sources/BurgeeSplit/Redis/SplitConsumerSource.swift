import Burgee
import BurgeeCore
import BurgeeRedis

/// Split's consumer mode: flags, rule-based segments and segments read from the Redis that Split's
/// Synchronizer fills (``SplitRedisStore``), with no connection to Split.
///
/// Split's SDKs in consumer mode read Redis on every evaluation. This source reads everything every
/// `refreshInterval` instead (`SCAN` and `MGET` of the flags and rule-based segments, `SMEMBERS` of
/// each segment), so that no evaluation waits for Redis: a change reaches evaluations within one
/// interval. A store without a change number (`SPLITIO.splits.till`) is not synchronized yet: the
/// client stays initializing, with the reason. A read that fails keeps the last good definitions.
struct SplitConsumerSource: DataSource {
    let store: SplitRedisStore
    let refreshInterval: Duration

    func run(_ sink: DataSourceSink) async {
        let clock = sink.clock
        let redis = RedisClient(configuration: store.redis, elapsed: { clock.now })
        var previous: [UInt8]?
        while !Task.isCancelled {
            do {
                if let document = try await SplitRedisLayout.read(store, redis: redis, limits: sink.limits) {
                    let bytes = Array(document.serialized().utf8)
                    if bytes == previous {
                        sink.confirmValid()
                    } else if await sink.apply(.json(bytes, format: .split)) {
                        previous = bytes
                    }
                } else {
                    sink.fail(DataSourceError(kind: .readFailed,
                                              message: "\(store.flagsTillKey) is missing: the store has not been synchronized"))
                }
            } catch let error as RedisError {
                sink.logger.warning("cannot read Split's Redis store", metadata: ["error": "\(error)"])
                sink.fail(DataSourceError(kind: .network, message: error.description))
            } catch {
                sink.logger.warning("Split's Redis store holds what is not Split's data", metadata: ["error": "\(error)"])
                sink.fail(DataSourceError(kind: .invalidData, message: "\(error)"))
            }
            do { try await clock.sleep(for: refreshInterval) } catch { break }
        }
        await redis.close()
    }
}
