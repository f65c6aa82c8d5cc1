/// Several flagd documents as one JSON document, as flagd merges its sources: a flag of a later
/// document replaces the flag of the same key.
///
/// Each flag keeps what it meant in its own document: its `$ref`s are resolved against its own
/// document's `$evaluators`, and its document's `metadata` goes under its own. A reference that
/// cannot be resolved stays, and the merged `$evaluators` (later names winning) let reading it
/// report the problem at the flag's path. The result is one flagd document: what a cache keeps,
/// read again to the same flags.
enum FlagdMerge {
    static func json(merging documents: [JSONValue]) throws(DefinitionsError) -> JSONValue {
        var flags: [String: JSONValue] = [:]
        var evaluators: [String: JSONValue] = [:]
        for (index, document) in documents.enumerated() {
            guard case .object(let members) = document else {
                throw .notOfFormat(.flagd, "document \(index + 1): the top level is \(document.typeName), not an object")
            }
            guard case .object(let documentFlags)? = members["flags"] else {
                throw .notOfFormat(.flagd, "document \(index + 1): 'flags' is \(members["flags"]?.typeName ?? "missing"), not an object")
            }
            var ownEvaluators: [String: JSONValue] = [:]
            if case .object(let e)? = members["$evaluators"] { ownEvaluators = e }
            var documentMetadata: [String: JSONValue] = [:]
            if case .object(let m)? = members["metadata"] { documentMetadata = m }
            for (key, flag) in documentFlags {
                flags[key] = merged(flag, key: key, evaluators: ownEvaluators, metadata: documentMetadata)
            }
            evaluators.merge(ownEvaluators) { _, later in later }
        }
        var result: [String: JSONValue] = ["flags": .object(flags)]
        if !evaluators.isEmpty { result["$evaluators"] = .object(evaluators) }
        return .object(result)
    }

    /// A flag with its references resolved and its document's metadata under its own; a flag
    /// that is not an object, or whose metadata is not one, is left for reading to report.
    private static func merged(_ flag: JSONValue, key: String, evaluators: [String: JSONValue],
                               metadata: [String: JSONValue]) -> JSONValue {
        guard case .object(var members) = flag else { return flag }
        if let targeting = members["targeting"], !evaluators.isEmpty,
           case .success(let resolved) = FlagdReferences.resolve(targeting, evaluators: evaluators,
                                                                 at: JSONPointer.root.appending("flags").appending(key)) {
            members["targeting"] = resolved
        }
        if !metadata.isEmpty {
            switch members["metadata"] {
            case nil, .null?: members["metadata"] = .object(metadata)
            case .object(let own)?: members["metadata"] = .object(metadata.merging(own) { _, own in own })
            default: break
            }
        }
        return .object(members)
    }
}
