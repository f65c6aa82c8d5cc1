/// flagd's flag definitions: `{"$schema"?, "flags":{KEY:{…}}, "$evaluators"?:{NAME:{JsonLogic}},
/// "metadata"?:{}}`, read with every problem and its JSON path.
///
/// A document that is not an object, or whose `flags` is not an object, is refused as a whole; a
/// flag that cannot be read (or whose targeting cannot compile) is kept with error problems and
/// evaluates to `PARSE_ERROR`. Several documents merge with ``Definitions/init(flagdDocuments:)``: later keys win.
package struct FlagdDocument: Sendable {
    /// The flags, in key order.
    package var flags: [FlagdFlag]
    /// The document's `metadata`, under every flag's own.
    package var metadata: [String: JSONValue]
    /// Problems of the document itself.
    package var problems: [DefinitionProblem]

    package init(flags: [FlagdFlag] = [], metadata: [String: JSONValue] = [:], problems: [DefinitionProblem] = []) {
        self.flags = flags
        self.metadata = metadata
        self.problems = problems
    }

    /// Reads a parsed document.
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` when the shape is not flagd's.
    package init(json: JSONValue) throws(DefinitionsError) {
        guard case .object(let members) = json else {
            throw .notOfFormat(.flagd, "the top level is \(json.typeName), not an object")
        }
        guard case .object(let flagMembers)? = members["flags"] else {
            throw .notOfFormat(.flagd, "'flags' is \(members["flags"]?.typeName ?? "missing"), not an object")
        }
        var r = ModelReader(subject: .document)
        var evaluators: [String: JSONValue] = [:]
        switch members["$evaluators"] {
        case nil, .null?: break
        case .object(let e)?: evaluators = e
        case let other?: r.error(JSONPointer.root.appending("$evaluators"), "'$evaluators' is \(other.typeName), not an object")
        }
        var metadata: [String: JSONValue] = [:]
        switch members["metadata"] {
        case nil, .null?: break
        case .object(let m)?: metadata = m
        case let other?: r.error(JSONPointer.root.appending("metadata"), "'metadata' is \(other.typeName), not an object")
        }
        let flagsPath = JSONPointer.root.appending("flags")
        let flags = flagMembers.sorted { $0.key < $1.key }.map { key, value in
            FlagdFlag(key: key, json: value, at: flagsPath.appending(key), evaluators: evaluators)
        }
        self.init(flags: flags, metadata: metadata, problems: r.problems)
    }

    /// Reads JSON bytes.
    package init(jsonBytes: [UInt8], limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(jsonBytes) } catch { throw .invalidJSON(error) }
        try self.init(json: json)
    }

    /// The metadata an evaluation of `flag` reports: the flag's over the document's.
    package func metadata(of flag: FlagdFlag) -> [String: JSONValue] {
        metadata.merging(flag.metadata) { _, own in own }
    }
}
