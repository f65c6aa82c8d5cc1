import Burgee
import BurgeeCore

/// LaunchDarkly documents for the sync tests, and a stand-in reader that turns the boolean flags
/// and the segments of such a document into a native one: the sync tests pin what the stream
/// delivers (which items, which versions, which flags changed) apart from how LaunchDarkly's
/// rules evaluate, which the LaunchDarkly format's own tests pin.
enum LaunchDarklyStandIn {
    /// A boolean flag member: `on`, variations `[false, true]`, the fallthrough serving `serves`.
    static func flag(_ key: String, serves: Bool = true, version: Int? = nil) -> String {
        let version = version.map { #","version":\#($0)"# } ?? ""
        return #""\#(key)":{"key":"\#(key)","on":true,"variations":[false,true],"offVariation":0,"#
            + #""fallthrough":{"variation":\#(serves ? 1 : 0)}\#(version)}"#
    }

    /// The same flag as a patch's `data`, with its version.
    static func item(_ key: String, serves: Bool = true, version: Int) -> String {
        "{" + String(flag(key, serves: serves, version: version).drop(while: { $0 != "{" }).dropFirst())
    }

    /// `{"flags":{…},"segments":{…}}`.
    static func document(_ flags: [String], segments: [String] = []) -> String {
        #"{"flags":{\#(flags.joined(separator: ","))},"segments":{\#(segments.joined(separator: ","))}}"#
    }

    /// Reads a LaunchDarkly document's boolean flags (served value: the fallthrough's variation
    /// when on, else the off variation) and segments (`included` only) as a native document;
    /// tombstones are left out. Bytes that are not such a document are passed on unchanged, so
    /// that the client refuses them as it would.
    static let asNative: @Sendable ([UInt8]) -> DefinitionsPayload = { bytes in
        guard let json = try? JSONValue(parsing: bytes), case .object(let members) = json else { return .json(bytes) }
        let dataSet = members["data"]?.objectValue ?? members
        var flags: [String: JSONValue] = [:]
        for (key, item) in dataSet["flags"]?.objectValue ?? [:] {
            guard let flag = item.objectValue, flag["deleted"]?.boolValue != true else { continue }
            let values = flag["variations"]?.arrayValue ?? []
            let served = flag["on"]?.boolValue == true
                ? flag["fallthrough"]?.objectValue?["variation"]?.int64Value ?? 0
                : flag["offVariation"]?.int64Value ?? 0
            flags[key] = .object([
                "version": flag["version"] ?? 1, "enabled": true, "type": "boolean",
                "variations": .array(values.enumerated().map { .object(["key": .string("v\($0.offset)"), "value": $0.element]) }),
                "offVariation": "v0", "fallthrough": .object(["variation": .string("v\(served)")]),
            ])
        }
        var segments: [String: JSONValue] = [:]
        for (key, item) in dataSet["segments"]?.objectValue ?? [:] {
            guard let segment = item.objectValue, segment["deleted"]?.boolValue != true else { continue }
            segments[key] = .object(["version": segment["version"] ?? 1, "included": segment["included"] ?? .array([])])
        }
        let native: JSONValue = .object([
            "formatVersion": 1, "version": 1, "flags": .object(flags), "segments": .object(segments),
        ])
        return .json(native.serialized())
    }
}
