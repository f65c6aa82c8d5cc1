/// Replaces `{"$ref":"NAME"}` in targeting by the document's `$evaluators[NAME]`, recursively.
/// An unknown name or a cycle is a problem at the reference's path, never a crash.
enum FlagdReferences {
    struct Failure: Error, Sendable {
        var path: JSONPointer
        var message: String
    }

    /// References nested deeper than this are refused (a cycle is caught before).
    static let maxDepth = 32

    static func resolve(_ json: JSONValue, evaluators: [String: JSONValue], at path: JSONPointer) -> Result<JSONValue, Failure> {
        do {
            var chain: [String] = []
            return .success(try substitute(json, evaluators, path, &chain))
        } catch {
            return .failure(error)
        }
    }

    private static func substitute(_ json: JSONValue, _ evaluators: [String: JSONValue], _ path: JSONPointer,
                                   _ chain: inout [String]) throws(Failure) -> JSONValue {
        switch json {
        case .object(let members):
            if members.count == 1, let reference = members["$ref"] {
                guard case .string(let name) = reference else {
                    throw Failure(path: path.appending("$ref"), message: "'$ref' is \(reference.typeName), not an evaluator name")
                }
                guard let target = evaluators[name] else {
                    throw Failure(path: path.appending("$ref"), message: "no evaluator '\(name)' in $evaluators")
                }
                guard !chain.contains(name) else {
                    throw Failure(path: path.appending("$ref"), message: "evaluator '\(name)' refers to itself: \((chain + [name]).joined(separator: " → "))")
                }
                guard chain.count < maxDepth else {
                    throw Failure(path: path.appending("$ref"), message: "evaluators nested deeper than \(maxDepth)")
                }
                chain.append(name)
                defer { chain.removeLast() }
                return try substitute(target, evaluators, path, &chain)
            }
            var out: [String: JSONValue] = [:]
            for (k, v) in members { out[k] = try substitute(v, evaluators, path.appending(k), &chain) }
            return .object(out)
        case .array(let elements):
            var out: [JSONValue] = []
            for (i, e) in elements.enumerated() { out.append(try substitute(e, evaluators, path.appending(i), &chain)) }
            return .array(out)
        default:
            return json
        }
    }
}
