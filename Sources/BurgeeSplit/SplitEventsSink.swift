import Burgee
import BurgeeCore
import Logging

/// Delivers a client's events to Split as Split's SDKs do: exposures become impressions,
/// processed as the impressions mode says (see ``SplitImpressionsMode``), custom events become
/// Split events. Each batch delivers (``SplitEventDelivery``)
///
/// - the impressions to send, if any;
/// - the custom events, if any;
/// - when the batch closes a flush interval (it carries the summary: on the interval, `flush()`
///   and `close()`), the counts so far and the unique keys so far; the keys also as soon as more
///   than 30,000 are held.
///
/// A delivery that fails fails the batch, whose events the client then counts as dropped. The impression listener, if any, is called
/// with every impression (those counted only too) before the posts.
final class SplitEventsSink: EventSink {
    private struct State {
        var observer = SplitImpressionObserver()
        var tally = SplitImpressionTally()
    }

    private let mode: SplitImpressionsMode
    private let listener: SplitImpressionListener?
    private let delivery: any SplitEventDelivery
    private let state = Locked(State())

    init(_ settings: SplitEventSettings, delivery: any SplitEventDelivery) {
        mode = settings.impressionsMode
        listener = settings.impressionListener
        self.delivery = delivery
    }

    func send(_ batch: EventBatch) async throws {
        var seen: [SplitImpression] = []
        var countedOnly: [Bool] = []
        var events: [SplitEvent] = []
        var closesInterval = false
        for event in batch.events {
            switch event {
            case .exposure(let exposure):
                // An evaluation that failed (an exception in Split's SDKs) makes no impression.
                if exposure.reason.errorKind == .exception { continue }
                seen.append(Self.impression(exposure, withAttributes: listener != nil))
                countedOnly.append(exposure.countsOnly)
            case .custom(let custom):
                events.append(Self.splitEvent(custom))
            case .summary:
                closesInterval = true
            case .contextNotice:
                continue
            }
        }
        let (toSend, counts, keys) = state.withLock { [mode] state in
            var toSend: [SplitImpression] = []
            var keysFull = false
            for i in seen.indices {
                if mode == .none || countedOnly[i] {
                    state.tally.count(seen[i])
                    keysFull = state.tally.trackKey(seen[i]) || keysFull
                    continue
                }
                seen[i].previousTime = state.observer.testAndSet(seen[i])
                if mode == .debug {
                    toSend.append(seen[i])
                } else if let previous = seen[i].previousTime {
                    // OPTIMIZED: a repeat is counted, and sent again only in a later clock hour.
                    state.tally.count(seen[i])
                    if previous < SplitImpressionTally.hour(of: seen[i].time) { toSend.append(seen[i]) }
                } else {
                    toSend.append(seen[i])
                }
            }
            let counts = closesInterval ? state.tally.takeCounts() : [:]
            let keys = closesInterval || keysFull ? state.tally.takeUniqueKeys() : [:]
            return (toSend, counts, keys)
        }
        if let listener { for impression in seen { listener(impression) } }

        var failure: (any Error)?
        func deliver(_ body: () async throws -> Void) async {
            do { try await body() } catch { if failure == nil { failure = error } }
        }
        if !toSend.isEmpty { await deliver { try await delivery.impressions(toSend) } }
        if !events.isEmpty { await deliver { try await delivery.events(events) } }
        if !counts.isEmpty { await deliver { try await delivery.counts(counts) } }
        if !keys.isEmpty { await deliver { try await delivery.uniqueKeys(keys) } }
        if let failure { throw failure }
    }

    func shutdown() async {
        await delivery.shutdown()
    }

    /// The impression of an exposure. A Split evaluation's context is one `user` context with the
    /// bucketing key and the attributes in attributes of their own (``Context/init(splitKey:bucketingKey:attributes:)``);
    /// a context of another shape gives its `user` key (else its first) and its attributes.
    static func impression(_ exposure: ExposureEvent, withAttributes: Bool) -> SplitImpression {
        let single = exposure.context?.context(ofKind: Context.splitKind) ?? exposure.context?.contexts.first
        let key = single?.key ?? exposure.contextKeys[Context.splitKind] ?? exposure.contextKeys.values.sorted().first ?? ""
        var bucketingKey: String?
        var attributes: [String: JSONValue] = [:]
        if let single {
            bucketingKey = single.value(of: AttributeReference(literal: Context.splitBucketingKey))?.stringValue
            if withAttributes {
                let all = single.attributes
                if let split = all[Context.splitAttributes]?.objectValue {
                    attributes = split
                } else {
                    attributes = all.filter { $0.key != "key" }
                }
            }
        }
        return SplitImpression(flag: exposure.flagKey, key: key, bucketingKey: bucketingKey,
                               treatment: exposure.variationKey ?? SplitResult.control, label: exposure.reason.label,
                               changeNumber: exposure.flagVersion, time: exposure.timestamp, attributes: attributes)
    }

    /// A custom event recorded by ``SplitView/track(key:trafficType:eventType:value:properties:)``:
    /// its context's kind is the traffic type.
    static func splitEvent(_ event: CustomEvent) -> SplitEvent {
        let (trafficType, key) = event.contextKeys.sorted(by: { $0.key < $1.key }).first ?? ("", "")
        return SplitEvent(key: key, trafficType: trafficType, eventType: event.key, value: event.value,
                          timestamp: event.timestamp, properties: event.properties.isEmpty ? nil : event.properties)
    }
}
