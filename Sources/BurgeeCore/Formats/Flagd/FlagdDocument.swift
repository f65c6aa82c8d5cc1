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
    /// The `$evaluators` that the flags' `$ref`s name.
    package var evaluators: [String: JSONValue]
    /// The document's members but `flags` (`$evaluators`, `metadata`, `$schema`, …) as written:
    /// what every flag shares, so that a document with the same ones changes flag by flag.
    package var shared: [String: JSONValue]

    package init(flags: [FlagdFlag] = [], metadata: [String: JSONValue] = [:], problems: [DefinitionProblem] = [],
                 evaluators: [String: JSONValue] = [:], shared: [String: JSONValue] = [:]) {
        self.flags = flags
        self.metadata = metadata
        self.problems = problems
        self.evaluators = evaluators
        self.shared = shared
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
        var shared = members
        shared["flags"] = nil
        self.init(flags: [], metadata: metadata, problems: r.problems, evaluators: evaluators, shared: shared)
        flags = flagMembers.sorted { $0.key < $1.key }.map { key, value in flag(key, json: value) }
    }

    /// Reads `json` as flag `key` of this document (its `$ref`s resolved against its `$evaluators`).
    package func flag(_ key: String, json: JSONValue) -> FlagdFlag {
        FlagdFlag(key: key, json: json, at: JSONPointer.root.appending("flags").appending(key), evaluators: evaluators)
    }

    /// Where flag `key` is in ``flags``, or would be inserted (they are in key order).
    package func index(ofFlag key: String) -> (index: Int, found: Bool) {
        var low = 0, high = flags.count
        while low < high {
            let middle = (low + high) / 2
            if flags[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return (low, low < flags.count && flags[low].key == key)
    }

    /// The flag of `key`, if any.
    package func flag(_ key: String) -> FlagdFlag? {
        let (index, found) = index(ofFlag: key)
        return found ? flags[index] : nil
    }

    /// Reads JSON bytes.
    package init(jsonBytes: [UInt8], limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(jsonBytes) } catch { throw .invalidJSON(error) }
        try self.init(json: json)
    }

    /// What the snapshot keeps of `flag` as its source item: the flag as written and, when the
    /// document has metadata, that metadata, which the flag reports too.
    package func sourceJSON(of flag: FlagdFlag) -> JSONValue {
        metadata.isEmpty ? flag.json : .array([flag.json, .object(metadata)])
    }

    /// The metadata an evaluation of `flag` reports: the flag's over the document's.
    package func metadata(of flag: FlagdFlag) -> [String: JSONValue] {
        metadata.merging(flag.metadata) { _, own in own }
    }
}
