import BurgeeServer

/// Checks OFREP answers against the schemas of `open-feature/protocol` `service/openapi.yaml`
/// 0.3.0, by hand: each function returns the violations found, empty when the value conforms.
///
/// Stricter than the document in one way: members the schema does not name are reported too,
/// so that nothing unexpected is sent. One known looseness of the document is resolved as its
/// authors meant it: `evaluationSuccess` is a `oneOf` of typed values where an integer matches
/// both `integerFlag` and `floatFlag`; an integer value is accepted as one value of either.
enum OFREPSchema {
    static let reasons: Set<String> = ["STATIC", "TARGETING_MATCH", "SPLIT", "DISABLED", "UNKNOWN"]
    static let failureCodes: Set<String> = ["PARSE_ERROR", "TARGETING_KEY_MISSING", "INVALID_CONTEXT", "GENERAL"]

    /// `evaluationSuccess` (and `serverEvaluationSuccess`, which adds nothing in 0.3.0).
    static func success(_ value: JSONValue) -> [String] {
        guard case .object(let o) = value else { return ["not an object"] }
        var problems = unknownMembers(o, allowed: ["key", "reason", "variant", "metadata", "value"])
        problems += requiredString(o, "key")
        problems += requiredString(o, "reason")
        if let reason = o["reason"]?.stringValue, !reasons.contains(reason) { problems.append("reason \(reason) is not in the enum") }
        if let variant = o["variant"], variant.stringValue == nil { problems.append("variant is not a string") }
        problems += metadata(o["metadata"])
        switch o["value"] {
        case nil: break   // codeDefaultFlag: no value.
        case .bool?, .string?, .number?, .object?: break
        case let other?: problems.append("value is \(other.typeName): not boolean, string, integer, number or object")
        }
        return problems
    }

    /// `evaluationFailure`.
    static func failure(_ value: JSONValue) -> [String] {
        failure(value, codes: failureCodes)
    }

    /// `flagNotFound`.
    static func flagNotFound(_ value: JSONValue) -> [String] {
        failure(value, codes: ["FLAG_NOT_FOUND"])
    }

    /// `bulkEvaluationSuccess`: `flags`, each a success or a failure.
    static func bulkSuccess(_ value: JSONValue) -> [String] {
        guard case .object(let o) = value else { return ["not an object"] }
        var problems = unknownMembers(o, allowed: ["flags", "metadata", "eventStreams"])
        guard case .array(let flags)? = o["flags"] else { return problems + ["flags is not an array"] }
        for (index, flag) in flags.enumerated() {
            let asSuccess = success(flag), asFailure = failure(flag)
            // oneOf: exactly one must hold.
            if asSuccess.isEmpty == asFailure.isEmpty {
                problems.append("flags[\(index)] matches \(asSuccess.isEmpty ? "both" : "neither"): \(asSuccess + asFailure)")
            }
        }
        problems += metadata(o["metadata"])
        return problems
    }

    /// `bulkEvaluationFailure`.
    static func bulkFailure(_ value: JSONValue) -> [String] {
        guard case .object(let o) = value else { return ["not an object"] }
        return unknownMembers(o, allowed: ["errorCode", "errorDetails"]) + requiredString(o, "errorCode")
            + optionalString(o, "errorDetails")
    }

    /// `generalErrorResponse`.
    static func generalError(_ value: JSONValue) -> [String] {
        guard case .object(let o) = value else { return ["not an object"] }
        return unknownMembers(o, allowed: ["errorDetails"]) + optionalString(o, "errorDetails")
    }

    private static func failure(_ value: JSONValue, codes: Set<String>) -> [String] {
        guard case .object(let o) = value else { return ["not an object"] }
        var problems = unknownMembers(o, allowed: ["key", "errorCode", "errorDetails", "metadata"])
        problems += requiredString(o, "key") + requiredString(o, "errorCode") + optionalString(o, "errorDetails")
        if let code = o["errorCode"]?.stringValue, !codes.contains(code) { problems.append("errorCode \(code) is not in the enum") }
        return problems + metadata(o["metadata"])
    }

    private static func metadata(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        guard case .object(let o) = value else { return ["metadata is not an object"] }
        return o.compactMap { key, member in
            switch member {
            case .bool, .string, .number: nil
            default: "metadata.\(key) is \(member.typeName), not a boolean, string or number"
            }
        }
    }

    private static func unknownMembers(_ o: [String: JSONValue], allowed: Set<String>) -> [String] {
        o.keys.filter { !allowed.contains($0) }.sorted().map { "unexpected member \($0)" }
    }

    private static func requiredString(_ o: [String: JSONValue], _ name: String) -> [String] {
        o[name]?.stringValue == nil ? ["\(name) is missing or not a string"] : []
    }

    private static func optionalString(_ o: [String: JSONValue], _ name: String) -> [String] {
        guard let member = o[name] else { return [] }
        return member.stringValue == nil ? ["\(name) is not a string"] : []
    }
}
