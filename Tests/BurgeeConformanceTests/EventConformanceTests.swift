import Burgee
import BurgeeCore
import BurgeeTesting
import Logging
import Testing

/// Runs `spec-fixtures/events/`: custom event keys, and which evaluations record exposures with
/// which fields and summary counts.
@Suite("Conformance: events")
struct EventConformanceTests {
    static let keys = try! FixtureFiles.json("events/event-keys.json")
    static let exposures = try! FixtureFiles.json("events/exposures.json")
    static let scenarios = exposures.objectValue?["scenarios"]?.arrayValue ?? []

    @Test("event keys: valid ones are queued, invalid ones refused")
    func eventKeys() async throws {
        let valid = try #require(Self.keys.objectValue?["valid"]?.arrayValue).compactMap(\.stringValue)
        let invalid = try #require(Self.keys.objectValue?["invalid"]?.arrayValue).compactMap(\.stringValue)
        #expect(!valid.isEmpty && !invalid.isEmpty)
        let client = try BurgeeClient(configuration: .init(
            events: EventsConfiguration(destination: .sink(InMemoryEventSink()), capacity: 1_000),
            logger: .init(label: "conformance", factory: { _ in SwiftLogNoOpLogHandler() })))
        for key in valid { #expect(client.track(key, context: Context(key: "u-1")), "\(key)") }
        for key in invalid { #expect(!client.track(key, context: Context(key: "u-1")), "\(key.debugDescription)") }
        await client.close()
    }

    @Test("exposure scenarios", arguments: scenarios.indices)
    func scenario(_ index: Int) async throws {
        let scenario = try #require(Self.scenarios[index].objectValue)
        let name = scenario["name"]?.stringValue ?? "#\(index)"
        let mode: EventsConfiguration.ExposureMode = switch scenario["exposures"]?.stringValue {
        case "off": .off
        case "all": .all
        default: .deduplicated
        }
        let sink = InMemoryEventSink()
        let definitions = try #require(Self.exposures.objectValue?["definitions"])
        let client = try BurgeeClient(configuration: .init(
            source: .bootstrap(.json(definitions.serialized())),
            events: EventsConfiguration(destination: .sink(sink), exposures: mode, deduplicationWindow: .seconds(3600),
                                        flushInterval: .seconds(3600)),
            logger: .init(label: "conformance", factory: { _ in SwiftLogNoOpLogHandler() })))
        client.start()
        #expect(await client.waitUntilReady(timeout: .seconds(30)))
        for evaluation in scenario["evaluations"]?.arrayValue ?? [] {
            let e = try #require(evaluation.objectValue)
            let flag = try #require(e["flag"]?.stringValue)
            let context = Context(json: e["context"] ?? .null)
            let track = e["track"]?.boolValue ?? true
            let fallback = e["default"] ?? .null
            switch e["type"]?.stringValue {
            case "boolean": _ = client.boolVariation(flag, context: context, default: fallback.boolValue ?? false, track: track)
            case "string": _ = client.stringVariation(flag, context: context, default: fallback.stringValue ?? "", track: track)
            case "number": _ = client.doubleVariation(flag, context: context, default: fallback.numberValue ?? 0, track: track)
            default: _ = client.jsonVariation(flag, context: context, default: fallback, track: track)
            }
        }
        await client.flush()
        let expect = try #require(scenario["expect"]?.objectValue)
        let recorded = sink.exposures.map { exposure -> JSONValue in
            var writer = JSONWriter()
            AnalyticsEvent.exposure(exposure).write(to: &writer)
            var members = (try? JSONValue(parsing: writer.bytes))?.objectValue ?? [:]
            members["kind"] = nil
            members["timestamp"] = nil
            return .object(members)
        }
        #expect(recorded == expect["exposures"]?.arrayValue ?? [], "\(name)")
        var writer = JSONWriter()
        if let summary = sink.summaries.first { AnalyticsEvent.summary(summary).write(to: &writer) }
        let flags = (try? JSONValue(parsing: writer.bytes))?.objectValue?["flags"]
        #expect(flags == expect["summary"], "\(name)")
        await client.close()
    }
}
