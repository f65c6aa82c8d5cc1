import Burgee
import BurgeeCore
import BurgeeServer
import BurgeeSplit
import Foundation
import Logging

/// `burgee demo --format split`: the bundled Split definitions served on loopback, a client
/// polling them, Split's treatments with configurations for sample keys (`client.split`), a flag
/// killed in the file, and the update arriving.
struct SplitDemo {
    static let killedFlag = "new-checkout"

    func run(out: inout StandardOutput) async throws {
        try await DemoSession.withFile(named: "split.json", contents: ExampleSplitDefinitions.json) { file in
            try await run(file: file, out: &out)
        }
    }

    private func run(file: String, out: inout StandardOutput) async throws {
        let quiet = Logger(label: "burgee-demo", factory: { _ in SwiftLogNoOpLogHandler() })
        var configuration = DefinitionsServerConfiguration(watchInterval: .milliseconds(50))
        configuration.format = .split
        let server = try await DefinitionsServer.start(configuration: configuration, definitions: .file(file), logger: quiet)
        out.writeLine("Serving Split definitions from \(file) at \(server.baseURL)/definitions (burgee serve --format split).")

        let client = try BurgeeClient(configuration: .init(source: .polling(server.baseURL + "/definitions", every: .milliseconds(200)),
                                                           logger: quiet))
        let events = client.events()
        try await DemoSession.run(client, server) {
            try await demonstrate(client, events: events, file: file, out: &out)
        }
    }

    private func demonstrate(_ client: BurgeeClient, events: AsyncStream<ClientEvent>, file: String,
                             out: inout StandardOutput) async throws {
        guard await client.waitUntilReady(timeout: .seconds(5)) else {
            throw DemoFailure("the client did not receive the definitions within 5 s (status: \(client.dataSourceStatus))")
        }
        let flags = client.flagKeys()
        out.writeLine("A client polls them: \(flags.count) flags, status \(client.dataSourceStatus).\n")
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
        guard let update = await DemoCommand.nextUpdate(events, within: .seconds(5)) else {
            throw DemoFailure("no update arrived within 5 s (status: \(client.dataSourceStatus))")
        }
        out.writeLine("Update event: changed flags \(update.changedFlags)")
        for sample in ExampleSplitDefinitions.samples {
            let answer = client.split.treatmentWithConfig(Self.killedFlag, key: sample.key, attributes: Self.attributes(sample.attributes))
            out.writeLine("  \(Self.killedFlag) for \(sample.label): \(answer.treatment)  config \(answer.config ?? "null")")
        }
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
