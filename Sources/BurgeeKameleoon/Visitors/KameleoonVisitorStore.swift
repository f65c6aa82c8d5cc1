import BurgeeCore
import Metrics
import Synchronization

/// The visitors of one client, by visitor code: what was added to each, fetched for it and
/// assigned to it (``KameleoonVisitor``) and what of it is to be tracked
/// (``KameleoonVisitorTracking``), kept within ``KameleoonVisitorLimits``. As in Kameleoon's SDKs,
/// a mapping identifier's value links a second code to a visitor (``link(_:to:now:)``): both codes
/// then share one record, each kept as long as its code is used.
///
/// Visitors are spread over shards, each behind its own lock, so that calls for different
/// visitors rarely wait for each other; a call for one visitor runs its whole read–evaluate–record
/// step under its shard's lock, so two calls for the same visitor never lose an assignment.
/// Each shard forgets its least recently used visitor beyond its share of the bound, and visitors
/// idle for longer than the session duration, in amortised constant time.
final class KameleoonVisitorStore: Sendable {
    /// One shard: the visitors and the order they were last used in.
    struct Shard {
        struct Entry {
            /// The visitor, shared with the codes linked to it; its own lock is taken with the
            /// shard's held, never the other way round.
            var record: Locked<Record>
            var lastUsed: Int64
            var stamp: UInt64
        }

        var entries: [String: Entry] = [:]
        /// Uses in time order; a record whose stamp is not its entry's is stale and skipped.
        var order: [(code: String, stamp: UInt64)] = []
        var head = 0
        var nextStamp: UInt64 = 0
        var evicted = 0
        var expired = 0

        mutating func put(_ code: String, _ record: Locked<Record>, now: Int64) {
            nextStamp &+= 1
            entries[code] = Entry(record: record, lastUsed: now, stamp: nextStamp)
            order.append((code, nextStamp))
        }

        /// Forgets visitors beyond `capacity` (least recently used first) and visitors idle
        /// since before `idleSince`.
        mutating func trim(capacity: Int, idleSince: Int64) {
            while head < order.count {
                let (code, stamp) = order[head]
                guard let entry = entries[code], entry.stamp == stamp else {
                    head += 1
                    continue
                }
                if entries.count > capacity {
                    evicted += 1
                } else if entry.lastUsed < idleSince {
                    expired += 1
                } else {
                    break
                }
                entries[code] = nil
                head += 1
            }
            // Stale records pile up behind visitors used again and again: rebuild the order when
            // they outnumber the visitors.
            if order.count - head > 2 * entries.count + 64 {
                order = entries.map { ($0.key, $0.value.stamp) }.sorted { $0.stamp < $1.stamp }
                head = 0
            } else if head > 1024, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    /// A visitor and what it holds to track.
    struct Record: Sendable {
        var visitor: KameleoonVisitor
        var tracking = KameleoonVisitorTracking()
    }

    static let shardCount = 16
    /// Each shard behind its own lock: calls for visitors in different shards never wait for each
    /// other.
    private let shards: [Locked<Shard>]
    private let capacityPerShard: Int
    private let sessionMilliseconds: Int64
    private let total = Atomic<Int>(0)
    private let size: Gauge
    private let forgotten: Counter

    init(limits: KameleoonVisitorLimits, metrics: any MetricsFactory) {
        shards = (0..<Self.shardCount).map { _ in Locked(Shard()) }
        capacityPerShard = max(1, limits.maxVisitors / Self.shardCount)
        let (seconds, attoseconds) = limits.sessionDuration.components
        sessionMilliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        size = Gauge(label: "burgee_kameleoon_visitors", factory: metrics)
        forgotten = Counter(label: "burgee_kameleoon_visitors_forgotten_total", factory: metrics)
    }

    private func shard(of code: String) -> Int {
        var hasher = Hasher()
        hasher.combine(code)
        return Int(UInt(bitPattern: hasher.finalize()) % UInt(Self.shardCount))
    }

    /// Runs `body` on the visitor `code` at `now` (Unix milliseconds): the one kept, or a new,
    /// empty one (one idle past the session starts again empty). The visitor is kept afterwards
    /// only if it exists then (something was given to it).
    func withVisitor<R>(_ code: String, now: Int64, _ body: (inout KameleoonVisitor) throws(KameleoonError) -> R)
        throws(KameleoonError) -> R
    {
        try withTrackedVisitor(code, now: now) { visitor, _ throws(KameleoonError) in try body(&visitor) }
    }

    /// ``withVisitor(_:now:_:)`` with what the visitor holds for tracking.
    func withTrackedVisitor<R>(_ code: String, now: Int64,
                               _ body: (inout KameleoonVisitor, inout KameleoonVisitorTracking) throws(KameleoonError) -> R)
        throws(KameleoonError) -> R
    {
        let idleSince = now - sessionMilliseconds
        let outcome = shards[shard(of: code)].withLock { shard -> Result<(R, (count: Int, forgotten: Int)), KameleoonError> in
            let before = shard.entries.count, forgottenBefore = shard.evicted + shard.expired
            let record: Locked<Record>
            if let entry = shard.entries[code], entry.lastUsed >= idleSince {
                record = entry.record
            } else {
                // Idle past the session: the visitor starts again empty.
                if shard.entries.removeValue(forKey: code) != nil { shard.expired += 1 }
                record = Locked(Record(visitor: KameleoonVisitor(code: code)))
            }
            let step = record.withLock { record -> Result<(R, Bool), KameleoonError> in
                // A record linked to several codes is seen under the code it is called by.
                record.visitor.code = code
                do throws(KameleoonError) {
                    return .success((try body(&record.visitor, &record.tracking), record.visitor.exists))
                } catch {
                    return .failure(error)
                }
            }
            let result: R
            switch step {
            case .failure(let error): return .failure(error)
            case .success(let (value, exists)):
                result = value
                if exists {
                    shard.put(code, record, now: now)
                    shard.trim(capacity: capacityPerShard, idleSince: idleSince)
                }
            }
            return .success((result, (shard.entries.count - before, shard.evicted + shard.expired - forgottenBefore)))
        }
        let (result, change) = try outcome.get()
        report(change)
        return result
    }

    /// Links `alias` to the visitor `code` kept at `now`, as Kameleoon's SDKs link a mapping
    /// identifier's value to the visitor it was added to: `alias` then calls the same visitor
    /// (whatever it was before), its data, consent and assignments shared.
    func link(_ alias: String, to code: String, now: Int64) {
        guard alias != code,
              let record = shards[shard(of: code)].withLock({ $0.entries[code]?.record }) else { return }
        let idleSince = now - sessionMilliseconds
        let change = shards[shard(of: alias)].withLock { shard -> (count: Int, forgotten: Int) in
            let before = shard.entries.count, forgottenBefore = shard.evicted + shard.expired
            shard.put(alias, record, now: now)
            shard.trim(capacity: capacityPerShard, idleSince: idleSince)
            return (shard.entries.count - before, shard.evicted + shard.expired - forgottenBefore)
        }
        report(change)
    }

    /// Reports a shard's change of size to the metrics.
    private func report(_ change: (count: Int, forgotten: Int)) {
        if change.forgotten > 0 { forgotten.increment(by: Int64(change.forgotten)) }
        if change.count != 0 || change.forgotten > 0 {
            size.record(total.add(change.count, ordering: .relaxed).newValue)
        }
    }

    /// A copy of the visitor `code` as kept at `now`; `nil` when none is.
    func visitor(_ code: String, now: Int64) -> KameleoonVisitor? {
        shards[shard(of: code)].withLock { shard -> KameleoonVisitor? in
            guard let entry = shard.entries[code], entry.lastUsed >= now - sessionMilliseconds else { return nil }
            return entry.record.withLock { record in
                var visitor = record.visitor
                visitor.code = code
                return visitor
            }
        }
    }

    /// The codes of the visitors kept at `now` that hold data to track, sent or not (Kameleoon's
    /// `flush()` registers them).
    func codesHoldingData(now: Int64) -> [String] {
        shards.flatMap { shard in
            shard.withLock { shard in
                shard.entries.compactMap { code, entry in
                    entry.lastUsed >= now - sessionMilliseconds && entry.record.withLock { $0.tracking.holdsData } ? code : nil
                }
            }
        }
    }

    /// Runs `body` on the tracking of the visitor `code` kept at `now`, without counting as a use
    /// of the visitor; `nil` when no visitor is kept.
    func withTracking<R>(of code: String, now: Int64, _ body: (KameleoonVisitor, inout KameleoonVisitorTracking) -> R) -> R? {
        shards[shard(of: code)].withLock { shard -> R? in
            guard let entry = shard.entries[code], entry.lastUsed >= now - sessionMilliseconds else { return nil }
            return entry.record.withLock { record in body(record.visitor, &record.tracking) }
        }
    }

    /// How many visitors are kept (idle ones not yet forgotten included).
    var count: Int { total.load(ordering: .relaxed) }

    /// How many visitors were forgotten: beyond the bound, and idle past the session.
    var forgottenCounts: (evicted: Int, expired: Int) {
        shards.reduce((0, 0)) { total, shard in
            shard.withLock { (total.0 + $0.evicted, total.1 + $0.expired) }
        }
    }
}
