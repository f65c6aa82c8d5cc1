import BurgeeCore
import BurgeeRedis

/// Definitions followed in Burgee's Redis layout (`DefinitionsRedisStore` (BurgeeRedis)): read when the
/// client starts, again whenever the writer announces a new ETag on the store's channel, after
/// every (re)subscription (an announcement may have been missed while disconnected), and every
/// `interval` in case one was lost.
///
/// A read that fails keeps the last good definitions and sets the status to interrupted; an empty
/// store leaves the client initializing, with the reason.
struct RedisDataSource: DataSource {
    let store: DefinitionsRedisStore
    let interval: Duration

    func run(_ sink: DataSourceSink) async {
        let clock = sink.clock
        let redis = RedisClient(configuration: store.redis, elapsed: { clock.now })
        let subscriber = RedisSubscriber(configuration: store.redis, channels: [store.changesChannel],
                                         sleep: { try await clock.sleep(for: $0) })
        let (wakes, wake) = AsyncStream<String?>.makeStream(bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in subscriber.events() {
                    switch event {
                    case .subscribed: wake.yield(nil)
                    case .message(_, let payload): wake.yield(String(decoding: payload, as: UTF8.self))
                    }
                }
            }
            group.addTask {
                while (try? await clock.sleep(for: interval)) != nil { wake.yield(nil) }
            }
            var held: String?
            held = await read(redis, sink, held: held)
            for await announced in wakes {
                if Task.isCancelled { break }
                // An announcement of the ETag held is the write already read.
                if let announced, announced == held { continue }
                held = await read(redis, sink, held: held)
            }
            group.cancelAll()
        }
        await redis.close()
    }

    /// Reads the store and applies a document whose ETag differs from `held`; returns the ETag held after.
    private func read(_ redis: RedisClient, _ sink: DataSourceSink, held: String?) async -> String? {
        let stored: DefinitionsRedisStore.Stored?
        do {
            stored = try store.stored(try await redis.send(store.readCommand))
        } catch {
            sink.logger.warning("cannot read the definitions store", metadata: ["error": "\(error)", "prefix": "\(store.prefix)"])
            sink.fail(DataSourceError(kind: .network, message: "\(error)"))
            return held
        }
        guard let stored else {
            sink.fail(DataSourceError(kind: .readFailed, message: "the store \(store.definitionsKey) holds no definitions yet"))
            return held
        }
        if stored.etag == held {
            sink.confirmValid()
            return held
        }
        return await sink.apply(.json(stored.document, format: stored.format)) ? stored.etag : held
    }
}
