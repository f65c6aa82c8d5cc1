/// A native v1 definitions document: flags and segments by key.
package struct DefinitionsDocument: Sendable, Hashable, Codable {
    /// The only format version this reads.
    package static let formatVersion = 1

    /// The document's version, increasing with each change (0 when absent).
    package var version: Int64
    /// The flags by key.
    package var flags: [String: FlagDefinition]
    /// The segments by key.
    package var segments: [String: SegmentDefinition]

    /// A document.
    package init(version: Int64 = 0, flags: [String: FlagDefinition] = [:], segments: [String: SegmentDefinition] = [:]) {
        self.version = version
        self.flags = flags
        self.segments = segments
    }

    /// Parses and reads a document from JSON bytes.
    ///
    /// Throws only when the document as a whole is unusable: not JSON, not an object, not format
    /// version 1, or `flags`/`segments` not objects. Problems in single items are kept in the items.
    package init(jsonBytes bytes: [UInt8], limits: JSONLimits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(bytes) } catch { throw .invalidJSON(error) }
        try self.init(json: json)
    }

    /// Parses and reads a document from JSON text.
    package init(jsonText text: String, limits: JSONLimits = .default) throws(DefinitionsError) {
        try self.init(jsonBytes: Array(text.utf8), limits: limits)
    }

    /// Reads a document from parsed JSON.
    package init(json: JSONValue) throws(DefinitionsError) {
        guard case .object(let o) = json else {
            throw .notADefinitionsDocument("the top level is \(json.typeName), not an object")
        }
        guard let fv = o["formatVersion"] else {
            throw .notADefinitionsDocument("'formatVersion' is missing")
        }
        guard case .number(let n) = fv, n == JSONNumber(Self.formatVersion) else {
            throw .unsupportedFormatVersion(fv.serialized())
        }
        var version: Int64 = 0
        if let v = o["version"], !v.isNull {
            guard let i = v.int64Value else { throw .notADefinitionsDocument("'version' is not an integer") }
            version = i
        }
        let flagsJSON = try Self.members(o, "flags")
        let segmentsJSON = try Self.members(o, "segments")
        let flagsPath = JSONPointer.root.appending("flags")
        let segmentsPath = JSONPointer.root.appending("segments")
        var flags: [String: FlagDefinition] = [:]
        flags.reserveCapacity(flagsJSON.count)
        for (key, value) in flagsJSON {
            flags[key] = FlagDefinition(key: key, json: value, at: flagsPath.appending(key))
        }
        var segments: [String: SegmentDefinition] = [:]
        segments.reserveCapacity(segmentsJSON.count)
        for (key, value) in segmentsJSON {
            segments[key] = SegmentDefinition(key: key, json: value, at: segmentsPath.appending(key))
        }
        self.init(version: version, flags: flags, segments: segments)
    }

    private static func members(_ o: [String: JSONValue], _ name: String) throws(DefinitionsError) -> [String: JSONValue] {
        switch o[name] {
        case nil, .null?: return [:]
        case .object(let m)?: return m
        case let other?: throw .notADefinitionsDocument("'\(name)' is \(other.typeName), not an object")
        }
    }

    /// Problems found while reading, flags first, each group in key order.
    package var problems: [DefinitionProblem] {
        flags.keys.sorted().flatMap { flags[$0]!.problems } + segments.keys.sorted().flatMap { segments[$0]!.problems }
    }

    /// Decodes a document through any `Decoder`; fails only where ``init(json:)`` throws.
    package init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Encodes the JSON form.
    package func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The JSON form.
    package var json: JSONValue {
        .object([
            "formatVersion": .number(Double(Self.formatVersion)),
            "version": .number(Double(version)),
            "flags": .object(flags.mapValues(\.json)),
            "segments": .object(segments.mapValues(\.json)),
        ])
    }
}
