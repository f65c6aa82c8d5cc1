import Burgee
import BurgeeCore
import BurgeeRedis

/// Impressions, events, impression counts and unique keys pushed into the Redis that Split's
/// Synchronizer empties, as Split's SDKs in consumer mode push them (its Python SDK's Redis
/// storages), each key behind the store's user prefix:
///
/// - `SPLITIO.impressions`: `RPUSH` of `{"m": metadata, "i": {"k","b","f","t","r","c","m","properties"}}`
///   per impression, the list given an hour to live when the push created it;
/// - `SPLITIO.events`: `RPUSH` of `{"e": {"key","trafficTypeName","eventTypeId","value","timestamp","properties"}, "m": metadata}`,
///   the list given an hour to live when the push created it;
/// - `SPLITIO.impressions.count`: `HINCRBY` of field `flag::hour` by the count, the hash given an
///   hour to live when the increments created it;
/// - `SPLITIO.uniquekeys`: `RPUSH` of `{"f": flag, "ks": [key, …]}` per flag, the list given an
///   hour to live when the push created it.
///
/// The metadata `{"s": SDK version, "n": machine name, "i": machine IP}` says who pushed.
struct SplitRedisDelivery: SplitEventDelivery {
    static let ttlSeconds = 3_600
    let store: SplitRedisStore
    let redis: RedisClient
    let machineName: String
    let machineIP: String

    init(store: SplitRedisStore, machineName: String, machineIP: String, clock: ClientClock) {
        self.store = store
        self.machineName = machineName
        self.machineIP = machineIP
        redis = RedisClient(configuration: store.redis, elapsed: { clock.now })
    }

    private func metadata(_ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("s"); writer.string("swift-burgee-" + SDKVersion.version)
        writer.key("n"); writer.string(machineName)
        writer.key("i"); writer.string(machineIP)
        writer.endObject()
    }

    func impressions(_ impressions: [SplitImpression]) async throws {
        let key = store.key("SPLITIO.impressions")
        let items = impressions.map { impression in
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("m"); metadata(&writer)
            writer.key("i")
            writer.beginObject()
            writer.key("k"); writer.string(impression.key)
            writer.key("b"); if let b = impression.bucketingKey { writer.string(b) } else { writer.null() }
            writer.key("f"); writer.string(impression.flag)
            writer.key("t"); writer.string(impression.treatment)
            writer.key("r"); if let r = impression.label { writer.string(r) } else { writer.null() }
            writer.key("c"); writer.int(Int(impression.changeNumber))
            writer.key("m"); writer.int(Int(impression.time))
            writer.key("properties"); writer.null()
            writer.endObject()
            writer.endObject()
            return writer.bytes
        }
        try await push(items, to: key, expiring: true)
    }

    func events(_ events: [SplitEvent]) async throws {
        let items = events.map { event in
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("e")
            writer.beginObject()
            writer.key("key"); writer.string(event.key)
            writer.key("trafficTypeName"); writer.string(event.trafficType)
            writer.key("eventTypeId"); writer.string(event.eventType)
            writer.key("value"); if let value = event.value { writer.number(value) } else { writer.null() }
            writer.key("timestamp"); writer.int(Int(event.timestamp))
            writer.key("properties"); if let p = event.properties { writer.value(.object(p)) } else { writer.null() }
            writer.endObject()
            writer.key("m"); metadata(&writer)
            writer.endObject()
            return writer.bytes
        }
        try await push(items, to: store.key("SPLITIO.events"), expiring: true)
    }

    func counts(_ counts: [SplitImpressionTally.HourlyCount: Int]) async throws {
        let key = store.key("SPLITIO.impressions.count")
        let sorted = counts.sorted { ($0.key.flag, $0.key.hour) < ($1.key.flag, $1.key.hour) }
        let replies = try await redis.pipeline(sorted.map { RESPCommand("HINCRBY", key, "\($0.key.flag)::\($0.key.hour)", String($0.value)) })
        var total: Int64 = 0
        for reply in replies {
            guard case .integer(let value) = reply else { throw RedisError.unexpectedReply("HINCRBY", reply) }
            total += value
        }
        if total == Int64(sorted.reduce(0) { $0 + $1.value }) { _ = try await redis.send(RESPCommand("EXPIRE", key, String(Self.ttlSeconds))) }
    }

    func uniqueKeys(_ keys: [String: Set<String>]) async throws {
        let items = keys.keys.sorted().map { flag in
            var writer = JSONWriter()
            SplitEventBodies.uniqueKeys(of: flag, keys[flag]!, into: &writer)
            return writer.bytes
        }
        try await push(items, to: store.key("SPLITIO.uniquekeys"), expiring: true)
    }

    /// `RPUSH`es `items`; with `expiring`, gives the list an hour to live when the push made it.
    private func push(_ items: [[UInt8]], to key: String, expiring: Bool) async throws {
        guard !items.isEmpty else { return }
        let reply = try await redis.send(RESPCommand(arguments: [Array("RPUSH".utf8), Array(key.utf8)] + items))
        guard case .integer(let length) = reply else { throw RedisError.unexpectedReply("RPUSH", reply) }
        if expiring, length == Int64(items.count) { _ = try await redis.send(RESPCommand("EXPIRE", key, String(Self.ttlSeconds))) }
    }

    func shutdown() async {
        await redis.close()
    }
}
