import Burgee
import Foundation
import Logging
import OTel
import ServiceLifecycle
import Tracing

/// Evaluations as span events, exported over OTLP/HTTP to the collector given on the command line:
///
///     swift run OpenTelemetryExample http://127.0.0.1:4318
///
/// Each of three requests is a `checkout` span; the flag evaluated inside it adds a
/// `feature_flag.evaluation` event to it. The spans leave when the program shuts down.
@main
struct OpenTelemetryExample {
    static let definitions = """
    { "formatVersion": 1, "version": 1,
      "flags": { "new-checkout": { "version": 3, "enabled": true, "type": "boolean", "sets": ["checkout"],
        "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
        "rules": [ { "id": "france", "clauses": [ { "attribute": "country", "op": "in", "values": ["FR"] } ],
                     "variation": "on" } ],
        "fallthrough": { "variation": "off" } } },
      "segments": {} }
    """

    static func main() async throws {
        guard let collector = CommandLine.arguments.dropFirst().first else {
            print("usage: OpenTelemetryExample <collector URL, for example http://127.0.0.1:4318>")
            exit(64)
        }
        let logger = Logger(label: "burgee-otel-example")

        // Traces only, to <collector>/v1/traces over OTLP/HTTP (protobuf).
        var otel = OTel.Configuration.default
        otel.serviceName = "burgee-otel-example"
        otel.logs.enabled = false
        otel.metrics.enabled = false
        otel.traces.otlpExporter.endpoint = collector.hasSuffix("/v1/traces") ? collector : collector + "/v1/traces"
        let observability = try OTel.bootstrap(configuration: otel)

        // Span events are opt-in: `openTelemetry` turns them on, through the bootstrapped tracer.
        let flags = try BurgeeClient(configuration: .init(
            source: .bootstrap(.json(definitions)), logger: logger, openTelemetry: true))

        let checkout = Checkout(flags: flags, logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [
                .init(service: observability),
                .init(service: flags),
                // When the requests are done, the group shuts down, and the exporter flushes.
                .init(service: checkout, successTerminationBehavior: .gracefullyShutdownGroup),
            ],
            logger: logger))
        try await group.run()
    }
}

/// Three requests, each a span in which a flag is evaluated.
struct Checkout: Service {
    let flags: BurgeeClient
    let logger: Logger

    func run() async throws {
        guard await flags.waitUntilReady(timeout: .seconds(5)) else { return }
        for (user, country) in [("u-1", "FR"), ("u-2", "DE"), ("u-3", "FR")] {
            withSpan("checkout") { span in
                let context = Context(key: user, attributes: ["country": .string(country)])
                let newCheckout = flags.boolVariation("new-checkout", context: context, default: false)
                span.attributes["checkout.new"] = newCheckout
                logger.info("checkout", metadata: ["user": "\(user)", "new-checkout": "\(newCheckout)"])
            }
        }
    }
}
