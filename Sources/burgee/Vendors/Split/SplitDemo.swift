import Burgee
import BurgeeCore
import BurgeeServer
import BurgeeSplit
import Foundation
import Logging

/// `burgee demo --format split`: the bundled Split definitions served as Split's SDK API on
/// loopback (as a Split Proxy would), a client syncing with it as Split's SDKs do (streaming,
/// fetching), Split's treatments with configurations for sample keys (`client.split`), a flag
/// killed in the file and the kill arriving through push, an event tracked, and the impressions
/// and events the server received.
struct SplitDemo: Demo {
    static let name = "split"
    static let summary = "Split's flags from Split's SDK API with push, treatments and configurations, impressions and events"
    static var definitions: String { ExampleSplitDefinitions.json }
    static let fileName = "split.json"

    static let killedFlag = "new-checkout"
    static let sdkKey = "demo-sdk-key"

    func run(file: String, out: inout StandardOutput) async throws {
        let server = try await DemoSession.serve(file, format: .split, sdkKey: Self.sdkKey)
        out.writeLine("Serving Split definitions from \(file) as Split's SDK API at \(server.clientURL) (burgee serve --format split).")

        // One base URL for the SDK API, auth, streaming and events, as with a Split Proxy; the
        // polling interval is long, so that only push explains how fast the kill below arrives.
        let client = try BurgeeClient(configuration: .split(sdkKey: Self.sdkKey, sdkURL: server.clientURL,
                                                            pollingInterval: .seconds(3600), impressionsMode: .debug,
                                                            logger: DemoSession.quietLogger))
        try await DemoSession.run(client, server, awaiting: "the definitions") { events in
            try await demonstrate(client, events: events, server: server, file: file, out: &out)
        }
    }

    private func demonstrate(_ client: BurgeeClient, events: AsyncStream<ClientEvent>, server: RunningDefinitionsServer,
                             file: String, out: inout StandardOutput) async throws {
        let flags = client.flagKeys()
        out.writeLine("A client syncs with it as Split's SDKs do (GET /splitChanges, /segmentChanges, push from /event-stream): "
            + "\(flags.count) flags, status \(client.dataSourceStatus).\n")
        guard await DemoSession.eventually({ server.server.openStreams > 0 }) else {
            throw DemoFailure("the client did not open the push stream within 5 s")
        }
        let width = flags.map(\.count).max() ?? 0
        for sample in ExampleSplitDefinitions.samples {
            let attributes = Self.attributes(sample.attributes)
            out.writeLine("\(sample.label): key \(sample.key), attributes \(JSONValue.object(attributes).serialized())")
            for flag in flags {
                let answer = client.split.treatmentWithConfig(flag, key: sample.key, attributes: attributes)
                let label = client.stringVariationDetail(flag, context: Context(splitKey: sample.key, attributes: attributes),
                                                         default: "control", track: false).reason.label ?? "-"
                let pad = String(repeating: " ", count: width - flag.count)
                out.writeLine("  \(flag)\(pad)  \(answer.treatment)  config \(answer.config ?? "null")  label \(label)")
            }
            out.writeLine("")
        }
        out.writeLine("Flags in set 'search' for user-7: \(client.split.treatmentsByFlagSet("search", key: "user-7"))\n")

        out.writeLine("Killing '\(Self.killedFlag)' in \(file)…")
        out.flush()
        try Data(Self.withFlagKilled(ExampleSplitDefinitions.json, Self.killedFlag).utf8)
            .write(to: URL(fileURLWithPath: file), options: .atomic)
        guard let update = await DemoSession.nextUpdate(events, within: .seconds(5)) else {
            throw DemoFailure("no update arrived within 5 s (status: \(client.dataSourceStatus))")
        }
        out.writeLine("Update event (SPLIT_KILL pushed, then fetched): changed flags \(update.changedFlags)")
        for sample in ExampleSplitDefinitions.samples {
            let answer = client.split.treatmentWithConfig(Self.killedFlag, key: sample.key, attributes: Self.attributes(sample.attributes))
            out.writeLine("  \(Self.killedFlag) for \(sample.label): \(answer.treatment)  config \(answer.config ?? "null")")
        }

        let tracked = client.split.track(key: "user-7", trafficType: "user", eventType: "checkout", value: 42.5,
                                         properties: ["plan": "pro"])
        out.writeLine("\nTracked 'checkout' for user-7: \(tracked)")
        await client.flush()
        let stats = server.server.splitPostStats
        out.writeLine("Impressions the server received (POST /api/testImpressions/bulk, mode DEBUG), by flag:")
        for flag in stats.impressions.keys.sorted() {
            out.writeLine("  \(flag): \(stats.impressions[flag]!)")
        }
        out.writeLine("Events the server received (POST /api/events/bulk): \(stats.events.map { "\($0.key): \($0.value)" }.sorted())")
    }

    /// Sample attributes, numbers as numbers.
    static func attributes(_ strings: [String: String]) -> [String: JSONValue] {
        strings.mapValues { text in Int(text).map { .number(Double($0)) } ?? .string(text) }
    }

    /// `json` with flag `name` killed and its change number raised.
    static func withFlagKilled(_ json: String, _ name: String) throws -> String {
        guard case .object(var document) = try JSONValue(parsing: json), case .object(var ff)? = document["ff"],
              case .array(var flags)? = ff["d"],
              let index = flags.firstIndex(where: { $0.objectValue?["name"] == .string(name) }),
              case .object(var flag) = flags[index] else {
            throw DemoFailure("the bundled definitions have no '\(name)'")
        }
        let changeNumber = (ff["t"]?.numberValue ?? 0) + 1
        flag["killed"] = true
        flag["changeNumber"] = .number(changeNumber)
        flags[index] = .object(flag)
        ff["d"] = .array(flags)
        ff["t"] = .number(changeNumber)
        document["ff"] = .object(ff)
        return JSONValue.object(document).serialized()
    }
}
