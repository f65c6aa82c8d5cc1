import Tracing

extension BurgeeClient.Configuration {
    /// Evaluations as OpenTelemetry span events: each typed evaluation adds a
    /// `feature_flag.evaluation` event to the active span, with the semantic conventions' attributes
    /// (docs/openfeature.md). Off unless ``BurgeeClient/Configuration/openTelemetry`` is set; the
    /// client depends on the swift-distributed-tracing API only, the application brings the exporter.
    public struct OpenTelemetry: Sendable {
        /// The tracer whose active span receives the events; `nil` for the bootstrapped
        /// `InstrumentationSystem.tracer`, read at each evaluation.
        public var tracer: (any Tracer)?

        /// Span events through `tracer`, or the bootstrapped tracer when `nil`.
        public init(tracer: (any Tracer)? = nil) {
            self.tracer = tracer
        }
    }
}
