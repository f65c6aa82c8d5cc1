import Burgee
import BurgeeCore
import BurgeeTesting
import Logging

/// Clients that record events into an ``InMemoryEventSink``, delivering only on `flush()`.
package enum EventsHarness {
    package static let user = Context(key: "u-1")
    package static let other = Context(key: "u-2")
    package static var quiet: Logger { TestClients.quietLogger }

    /// A flag served by an experiment rollout (always `on`, `inExperiment`).
    package static let experimentFlag = """
    "exp": { "version": 4, "enabled": true, "type": "boolean",
      "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ], "offVariation": "off",
      "fallthrough": { "rollout": { "kind": "experiment",
        "variations": [ { "variation": "on", "weight": 100000 }, { "variation": "off", "weight": 0 } ] } } }
    """

    /// `plain` (version 3, on), `tracked` (trackEvents, version 1, on) and ``experimentFlag``.
    package static let definitions = Definitions.document(version: 7, flags: [
        Definitions.boolFlag("plain", true, version: 3),
        Definitions.boolFlag("tracked", true, extra: #", "trackEvents": true"#),
        experimentFlag,
    ])

    /// A ready, started client over `json` whose events go to the returned sink; the flush
    /// interval is an hour, so nothing is delivered before `flush()` or a full batch. On `clock`
    /// when one is given.
    package static func client(_ json: String = definitions, exposures: EventsConfiguration.ExposureMode = .deduplicated,
                               clock: ManualClock? = nil,
                               _ configure: (inout EventsConfiguration) -> Void = { _ in }) async throws
        -> (BurgeeClient, InMemoryEventSink) {
        let sink = InMemoryEventSink()
        var events = EventsConfiguration(destination: .sink(sink), exposures: exposures, flushInterval: .seconds(3600))
        configure(&events)
        let client = try await ClientHarness.ready(json) {
            $0.events = events
            if let clock { $0.clock = clock }
        }
        return (client, sink)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Milliseconds since the Unix epoch, to bound event timestamps.
package func wallMilliseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
}
