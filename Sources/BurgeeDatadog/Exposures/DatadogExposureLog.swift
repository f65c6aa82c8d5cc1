import Burgee
import BurgeeCore
import Synchronization

/// A client's Datadog exposures: each served variation of a `doLog` allocation, deduplicated per
/// (flag, subject) (``DatadogExposureCache``), queued as a custom event of the client whose
/// properties are the exposure; the bounded queue, batching, consent and counts are the
/// client's, and the Datadog destination posts them (``DatadogEventsSink``).
final class DatadogExposureLog: Sendable {
    /// The key of the custom events that carry exposures.
    static let eventKey = "datadog.exposure"

    private let cache: Mutex<DatadogExposureCache>

    init(capacity: Int = DatadogExposureCache.defaultCapacity) {
        cache = Mutex(DatadogExposureCache(capacity: capacity))
    }

    /// Logs the exposure of `result` (`{"allocation","flag","variant","subject","serial_id"?}`)
    /// unless the same was logged last for its flag and subject.
    func log(_ result: UFCResult, flag: String, context: Context, on client: BurgeeClient) {
        guard result.doLog, case .object(let exposure) = result.event else { return }
        let subject = exposure["subject"]?.objectValue?["id"]?.stringValue ?? ""
        let served = DatadogExposureCache.Served(allocation: result.allocationKey ?? "", variant: result.variant ?? "",
                                                 serialId: result.serialId)
        guard cache.withLock({ $0.admit(flag: flag, subject: subject, served) }) else { return }
        _ = client.track(Self.eventKey, context: context, properties: exposure)
    }
}

extension BurgeeClient {
    /// The client's Datadog exposure log, made on the first Datadog call.
    var datadogExposures: DatadogExposureLog { attachment(DatadogExposureLog.self) { DatadogExposureLog() } }
}
