import Burgee
import BurgeeCore

/// A client's Datadog exposures: each served variation of a `doLog` allocation, deduplicated per
/// (flag, subject) (``DatadogExposureCache``), queued as a custom event of the client whose
/// properties are the exposure; the bounded queue, batching, consent and counts are the
/// client's, and the Datadog destination posts them (``DatadogEventsSink``).
final class DatadogExposureLog: Sendable {
    /// The key of the custom events that carry exposures.
    static let eventKey = "datadog.exposure"
    /// Where each client keeps its log.
    static let key = AttachmentKey<DatadogExposureLog>()

    private let cache: Locked<DatadogExposureCache>

    init(capacity: Int = DatadogExposureCache.defaultCapacity) {
        cache = Locked(DatadogExposureCache(capacity: capacity))
    }

    /// Logs the exposure of `served` (`{"allocation","flag","variant","subject","serial_id"?}`)
    /// unless the same was logged last for its flag and subject; the event is built only then.
    /// An empty allocation or variant key logs nothing, as ddtrace's provider builds no exposure
    /// without both.
    func log(_ served: DatadogExposureCache.Served, flag: String, context: Context, on client: BurgeeClient) {
        guard !served.allocation.isEmpty, !served.variant.isEmpty else { return }
        let subject = UFCResult.subjectId(context)
        guard cache.withLock({ $0.admit(flag: flag, subject: subject, served) }) else { return }
        let exposure = UFCResult.datadogExposure(flag: flag, allocation: served.allocation, variant: served.variant,
                                                 serialId: served.serialId, context: context)
        _ = client.track(Self.eventKey, context: context, properties: exposure)
    }
}

extension DatadogExposureCache.Served {
    /// What `result`, a logged evaluation, served.
    init(_ result: UFCResult) {
        self.init(allocation: result.allocationKey ?? "", variant: result.variant ?? "", serialId: result.serialId)
    }

    /// What `outcome`, an outcome of `snapshot`, served, when Datadog's tracers log it: a variation
    /// of a rule (an allocation) whose `doLog` is not false; `nil` otherwise.
    static func logged(_ outcome: EvaluationOutcome, in snapshot: Snapshot) -> Self? {
        guard outcome.kind == .ruleMatch || outcome.kind == .targetMatch else { return nil }
        // As `UFCResult`: a match without an allocation of its own logs, under no allocation.
        let exposure = snapshot.ruleExposure(of: outcome)
        guard exposure?.logged ?? true else { return nil }
        return Self(allocation: exposure?.key ?? "", variant: snapshot.variationKey(of: outcome) ?? "",
                    serialId: exposure?.serialId ?? .null)
    }
}

extension BurgeeClient {
    /// The client's Datadog exposure log, made on the first Datadog call.
    var datadogExposures: DatadogExposureLog { attachment(DatadogExposureLog.key) { DatadogExposureLog() } }
}
