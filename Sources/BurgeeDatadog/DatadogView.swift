import Burgee
import BurgeeCore

/// Datadog's calls on a `BurgeeClient`, in the words of Datadog's `FlagsClient`:
/// `client.datadog.booleanValue(key:defaultValue:context:)` and its siblings answer what Datadog's
/// OpenFeature provider answers for the flags of a Datadog (or Eppo) configuration, and their
/// `…Details` add the variant, reason, error and allocation.
///
/// ```swift
/// let subject = DatadogEvaluationContext(targetingKey: "user-1", attributes: ["plan": "pro"])
/// if client.datadog.booleanValue(key: "new-checkout", defaultValue: false, context: subject) { … }
/// let details = client.datadog.stringDetails(key: "banner", defaultValue: "none", context: subject)
/// ```
///
/// A served variation of an allocation with `doLog` logs an exposure, deduplicated per flag and
/// subject as Datadog's tracers do, and sent to Datadog when the client was configured with
/// `.datadog(…)`. Evaluations count like every evaluation. A view holds only its client: taking
/// one costs nothing.
public struct DatadogView: Sendable {
    /// The client the calls go to.
    let client: BurgeeClient

    /// The flag's boolean value for the subject, or `defaultValue` (Datadog's `getBooleanValue`).
    public func booleanValue(key: String, defaultValue: Bool, context: DatadogEvaluationContext) -> Bool {
        value(key, defaultValue, context, .boolean) { $0.boolValue }
    }

    /// The flag's string value for the subject, or `defaultValue` (Datadog's `getStringValue`).
    public func stringValue(key: String, defaultValue: String, context: DatadogEvaluationContext) -> String {
        value(key, defaultValue, context, .string) { $0.stringValue }
    }

    /// The flag's integer value for the subject, or `defaultValue` (Datadog's `getIntegerValue`).
    public func integerValue(key: String, defaultValue: Int, context: DatadogEvaluationContext) -> Int {
        value(key, defaultValue, context, .int, Self.integer)
    }

    /// The flag's numeric value for the subject, or `defaultValue` (Datadog's `getDoubleValue`).
    public func doubleValue(key: String, defaultValue: Double, context: DatadogEvaluationContext) -> Double {
        value(key, defaultValue, context, .double) { $0.numberValue }
    }

    /// The flag's JSON value for the subject, or `defaultValue` (Datadog's `getObjectValue`).
    public func objectValue(key: String, defaultValue: JSONValue, context: DatadogEvaluationContext) -> JSONValue {
        value(key, defaultValue, context, .json) { $0 }
    }

    /// ``booleanValue(key:defaultValue:context:)`` with its details (Datadog's `getBooleanDetails`).
    public func booleanDetails(key: String, defaultValue: Bool, context: DatadogEvaluationContext) -> DatadogFlagDetails<Bool> {
        details(key, defaultValue, context, .boolean) { $0.boolValue }
    }

    /// ``stringValue(key:defaultValue:context:)`` with its details (Datadog's `getStringDetails`).
    public func stringDetails(key: String, defaultValue: String, context: DatadogEvaluationContext) -> DatadogFlagDetails<String> {
        details(key, defaultValue, context, .string) { $0.stringValue }
    }

    /// ``integerValue(key:defaultValue:context:)`` with its details (Datadog's `getIntegerDetails`).
    public func integerDetails(key: String, defaultValue: Int, context: DatadogEvaluationContext) -> DatadogFlagDetails<Int> {
        details(key, defaultValue, context, .int, Self.integer)
    }

    /// ``doubleValue(key:defaultValue:context:)`` with its details (Datadog's `getDoubleDetails`).
    public func doubleDetails(key: String, defaultValue: Double, context: DatadogEvaluationContext) -> DatadogFlagDetails<Double> {
        details(key, defaultValue, context, .double) { $0.numberValue }
    }

    /// ``objectValue(key:defaultValue:context:)`` with its details (Datadog's `getObjectDetails`).
    public func objectDetails(key: String, defaultValue: JSONValue, context: DatadogEvaluationContext)
        -> DatadogFlagDetails<JSONValue>
    {
        details(key, defaultValue, context, .json) { $0 }
    }

    /// One evaluation, as Datadog's provider makes it: the variation type checked against `type`,
    /// Datadog's reason and error from the outcome, and the exposure logged when the allocation
    /// says `doLog`.
    private func details<T: Sendable & Equatable>(_ key: String, _ defaultValue: T, _ subject: DatadogEvaluationContext,
                                                  _ type: ValueType, _ read: (JSONValue) -> T?) -> DatadogFlagDetails<T> {
        let context = subject.context
        let (details, result) = client.evaluateForView(key, context: context, as: type, track: true) {
            detail, snapshot -> (DatadogFlagDetails<T>, UFCResult?) in
            guard let snapshot else {
                return (DatadogFlagDetails(key: key, value: defaultValue, reason: "ERROR", error: .providerNotReady), nil)
            }
            let result = UFCResult(detail, flag: key, context: context, in: snapshot, vendor: .datadog)
            var details = DatadogFlagDetails(key: key, value: defaultValue, reason: result.reason,
                                             error: result.errorCode.map { DatadogFlagError(rawValue: $0) ?? .general },
                                             allocationKey: result.allocationKey?.isEmpty == false ? result.allocationKey : nil)
            // ddtrace's provider takes a "" variant for none: the caller's default, the reason kept.
            if detail.variationIndex != nil, detail.variationKey?.isEmpty == false, let value = read(detail.value) {
                details.value = value
                details.variant = detail.variationKey
            }
            return (details, result)
        }
        if let result, result.doLog, details.variant != nil {
            client.datadogExposures.log(DatadogExposureCache.Served(result), flag: key, context: context, on: client)
        }
        return details
    }

    /// One evaluation for its value alone: what ``details(_:_:_:_:_:)`` answers and logs, with
    /// nothing built but the exposure of a call that logs one.
    private func value<T>(_ key: String, _ defaultValue: T, _ subject: DatadogEvaluationContext,
                          _ type: ValueType, _ read: (JSONValue) -> T?) -> T {
        let context = subject.context
        var value: T?
        var exposure: DatadogExposureCache.Served?
        client.readOutcomeForView(key, context: context, as: type, track: true) { outcome, snapshot in
            guard let snapshot, !snapshot.servesEmptyVariationKey(outcome),
                  let served = snapshot.value(of: outcome).flatMap(read) else { return }
            value = served
            exposure = DatadogExposureCache.Served.logged(outcome, in: snapshot)
        }
        guard let value else { return defaultValue }
        if let exposure { client.datadogExposures.log(exposure, flag: key, context: context, on: client) }
        return value
    }

    /// An integer value: a number that is an exact integer.
    private static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let n) = value, let exact = JSONValue.exactInt64(n) else { return nil }
        return Int(exactly: exact)
    }
}

extension BurgeeClient {
    /// Datadog's calls: `booleanValue`, `stringDetails`, … in the words of Datadog's `FlagsClient`.
    public var datadog: DatadogView { DatadogView(client: self) }
}
