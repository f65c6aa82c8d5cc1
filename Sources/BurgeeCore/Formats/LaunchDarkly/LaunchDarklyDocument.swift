/// LaunchDarkly's server-side flag data (docs/launchdarkly.md): `{"flags":{KEY:{…}},"segments":{KEY:{…}}}`
/// as `GET /sdk/latest-all` and a Relay Proxy serve it, or a stream `put`
/// (`{"path":"/","data":{"flags":…,"segments":…}}`, `path` optional), read with every problem and
/// its JSON path.
///
/// Only the document's shape can refuse it (not an object, `flags` or `segments` not objects, a
/// `put` for another path). A flag or segment that cannot be read is kept with error problems and
/// its flag is malformed (`ERROR/MALFORMED_FLAG`), where LaunchDarkly's SDKs would refuse the whole
/// payload. Items with `deleted: true` are tombstones: kept with their versions, absent for
/// evaluation.
package struct LaunchDarklyDocument: Sendable {
    /// The flags by key, tombstones included.
    package var flags: [String: LaunchDarklyFlag]
    /// The segments by key, tombstones included.
    package var segments: [String: LaunchDarklySegment]
    /// Where the flags and segments sit: `/flags` or, in a stream `put`, `/data/flags`.
    package var base: JSONPointer

    /// A document.
    package init(flags: [String: LaunchDarklyFlag] = [:], segments: [String: LaunchDarklySegment] = [:],
                 base: JSONPointer = .root) {
        self.flags = flags
        self.segments = segments
        self.base = base
    }

    /// Reads a parsed document: the flag data itself, or a stream `put` holding it in `data`.
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` when the shape is not LaunchDarkly's.
    package init(json: JSONValue) throws(DefinitionsError) {
        let whole = try Self.items(of: json)
        var flags: [String: LaunchDarklyFlag] = [:]
        for (key, value) in whole.items[.flag] ?? [:] {
            flags[key] = LaunchDarklyFlag(key: key, json: value, at: whole.base.appending("flags").appending(key))
        }
        var segments: [String: LaunchDarklySegment] = [:]
        for (key, value) in whole.items[.segment] ?? [:] {
            segments[key] = LaunchDarklySegment(key: key, json: value, at: whole.base.appending("segments").appending(key))
        }
        self.init(flags: flags, segments: segments, base: whole.base)
    }

    /// The flag and segment objects of a document, and where they sit (``base``), as
    /// ``init(json:)`` reads them.
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` when the shape is not LaunchDarkly's.
    static func items(of json: JSONValue) throws(DefinitionsError) -> (items: DocumentItems, base: JSONPointer) {
        guard case .object(var members) = json else {
            throw .notOfFormat(.launchDarkly, "the top level is \(json.typeName), not an object")
        }
        var base = JSONPointer.root
        if members["flags"] == nil, members["segments"] == nil, let data = members["data"] {
            if let path = members["path"], !path.isNull, path != .string("/") {
                throw .notOfFormat(.launchDarkly, "a stream put replaces everything, with \"path\": \"/\"; this one has \(path.serialized())")
            }
            guard case .object(let inner) = data else {
                throw .notOfFormat(.launchDarkly, "the put's 'data' is \(data.typeName), not an object")
            }
            members = inner
            base = JSONPointer.root.appending("data")
        }
        return ([.flag: try Self.items(members, "flags", base), .segment: try Self.items(members, "segments", base)], base)
    }

    /// Reads JSON bytes.
    /// - Throws: ``DefinitionsError/invalidJSON(_:)`` for bytes that are not JSON, else as ``init(json:)``.
    package init(jsonBytes: [UInt8], limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(jsonBytes) } catch { throw .invalidJSON(error) }
        try self.init(json: json)
    }

    private static func items(_ members: [String: JSONValue], _ name: String, _ base: JSONPointer) throws(DefinitionsError)
        -> [String: JSONValue]
    {
        switch members[name] {
        case nil, .null?: return [:]
        case .object(let items)?: return items
        case let other?:
            throw .notOfFormat(.launchDarkly, "'\(base.appending(name))' is \(other.typeName), not an object of items by key")
        }
    }

    /// The flags that are not tombstones.
    package var liveFlags: [String: LaunchDarklyFlag] { flags.filter { !$0.value.deleted } }

    /// The segments that are not tombstones.
    package var liveSegments: [String: LaunchDarklySegment] { segments.filter { !$0.value.deleted } }

    /// Every problem found reading the flags and segments (lowering adds those about meaning).
    package var problems: [DefinitionProblem] {
        flags.keys.sorted().flatMap { flags[$0]!.problems } + segments.keys.sorted().flatMap { segments[$0]!.problems }
    }
}
