import Burgee
import BurgeeCore
import Logging

/// What a format brings to `burgee eval --events URL`: a client whose events go to `URL` in its
/// vendor's wire protocol, and each request line evaluated through the call a user of that
/// vendor makes (so that what the client sends is what that call records). Implemented in
/// `Vendors/<Vendor>/`, listed in ``EventsEvaluators``.
protocol EventsEvaluator: Sendable {
    /// The format whose requests it evaluates.
    static var format: DefinitionsFormat { get }

    /// The client's configuration: `definitions` served as its only document, events to `url`.
    static func configuration(definitions: DefinitionsPayload, eventsURL url: String,
                              options: EventsEvalOptions) -> BurgeeClient.Configuration

    /// One request (`{"flag", "context", "type"?, "default"?}`) through the vendor's call: the
    /// result line's members after `flag`.
    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue,
                         on client: BurgeeClient) -> [(String, JSONValue)]

    /// ``evaluate(flag:context:type:default:on:)`` for a line with `"detail": true`: through the
    /// vendor's call that also returns the reason, where the vendor has one (LaunchDarkly's
    /// `…VariationDetail`); the plain call otherwise.
    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue, detail: Bool,
                         on client: BurgeeClient) -> [(String, JSONValue)]

    /// A `{"track": {…}}` line, in the vendor's words; whether the vendor's call queued it.
    static func track(_ event: JSONValue, on client: BurgeeClient) -> Bool

    /// Delivers what the lines recorded, as the vendor's `flush` does, before the command ends.
    static func flush(_ client: BurgeeClient) async
}

extension EventsEvaluator {
    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue, detail: Bool,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        evaluate(flag: flag, context: context, type: type, default: `default`, on: client)
    }

    static func flush(_ client: BurgeeClient) async {
        await client.flush()
    }
}

/// Settings of `burgee eval --events` that some vendors read, and what every evaluator shares.
struct EventsEvalOptions {
    /// Split's impressions mode (`optimized`, `debug`, `none`).
    var splitImpressionsMode: String?

    /// The SDK key the events carry (the capture server takes any).
    static let sdkKey = "burgee-eval"
    /// Events are delivered when the command flushes at its end, not on a timer.
    static let flushInterval: Duration = .seconds(3600)
    /// The client's own log stays quiet: failures reach the command's exit status.
    static var logger: Logger { Logger(label: "burgee-eval", factory: { _ in SwiftLogNoOpLogHandler() }) }
}
