import BurgeeCore
import Tracing

/// Adds a `feature_flag.evaluation` event to the active span of an evaluation, with the
/// attributes of OpenTelemetry's semantic conventions for feature flags.
struct EvaluationSpanEvents: Sendable {
    static let eventName = "feature_flag.evaluation"

    /// The configured tracer; `nil` for the bootstrapped one.
    let tracer: (any Tracer)?

    /// Records `detail` on the span active in the calling task, if any. `info` is the flag's
    /// version and sets, when the flag is known.
    func record<T: FlagValue>(_ detail: FlagDetail<T>, context: Context, version: Int64?, sets: [String]) {
        let tracer = self.tracer ?? InstrumentationSystem.tracer
        guard let span = tracer.activeSpan(identifiedBy: ServiceContext.current ?? .topLevel) else { return }
        span.addEvent(SpanEvent(name: Self.eventName,
                                attributes: Self.attributes(detail, context: context, version: version, sets: sets)))
    }

    /// The event's attributes: key, variant (when one was served), reason (OpenFeature's,
    /// lowercase), provider, context id, flag set and version (when known), `error.type` (the
    /// OpenFeature error code, lowercase) for an error.
    static func attributes<T: FlagValue>(_ detail: FlagDetail<T>, context: Context, version: Int64?,
                                         sets: [String]) -> SpanAttributes {
        var attributes = SpanAttributes()
        attributes["feature_flag.key"] = detail.flagKey
        attributes["feature_flag.provider.name"] = "burgee"
        attributes["feature_flag.result.reason"] = detail.openFeatureReason.lowercased()
        if let variant = detail.variationKey { attributes["feature_flag.result.variant"] = variant }
        if let id = contextID(context) { attributes["feature_flag.context.id"] = id }
        if !sets.isEmpty { attributes["feature_flag.set.id"] = sets.sorted().joined(separator: ",") }
        if let version { attributes["feature_flag.version"] = String(version) }
        if detail.isError { attributes["error.type"] = (detail.openFeatureErrorCode ?? "GENERAL").lowercased() }
        return attributes
    }

    /// The targeting key of a single context; for a multi-context, `kind:key` of each part in
    /// kind order, joined with `:`. `nil` for a context without a key.
    static func contextID(_ context: Context) -> String? {
        if !context.isMulti, let single = context.contexts.first {
            return single.key.isEmpty ? nil : single.key
        }
        let parts = context.contexts.sorted { $0.kind < $1.kind }.map { "\($0.kind):\($0.key)" }
        return parts.isEmpty ? nil : parts.joined(separator: ":")
    }
}
