import BurgeeCore

/// What Datadog's flag service answers its client SDKs (the iOS and browser flags SDKs'
/// `precompute-assignments`): every flag assigned to the subject, evaluated on the server, in the
/// JSON:API envelope their decoder reads:
/// `{"data":{"id","type":"precomputed-assignments","attributes":{"createdAt","environment":{"name"},
/// "flags":{"key":{"allocationKey","variationKey","variationType","variationValue","reason","doLog","extraLogging"}}}}}`.
///
/// `variationType` is the client SDKs' name of the flag's type (`boolean`, `string`, `integer`,
/// `float`, `object`); `variationValue` the value as plain JSON; `reason` Datadog's
/// (`TARGETING_MATCH`, `SPLIT`, `STATIC`). Flags that serve the default, disabled flags and
/// failed evaluations are left out (``UFCPrecomputedAssignment``).
enum DatadogPrecomputedAssignments {
    /// The body for `context`.
    static func body(in snapshot: Snapshot, context: Context, environment: String, createdAt: Int64) -> [UInt8] {
        var flags: [String: JSONValue] = [:]
        for assignment in snapshot.ufcPrecomputedAssignments(for: context, vendor: .datadog) {
            let result = assignment.result
            flags[assignment.key] = [
                "allocationKey": .string(result.allocationKey ?? ""), "variationKey": .string(result.variant ?? ""),
                "variationType": .string(typeName(assignment.type)), "variationValue": result.value,
                "reason": .string(result.reason), "doLog": .bool(result.doLog), "extraLogging": .object(result.extraLogging),
            ]
        }
        let document: JSONValue = ["data": [
            "id": .string(UFCResult.subjectId(context)), "type": "precomputed-assignments",
            "attributes": ["createdAt": .number(Double(createdAt)), "environment": ["name": .string(environment)],
                           "flags": .object(flags)],
        ]]
        return Array(document.serialized().utf8)
    }

    /// The client SDKs' name of a flag type.
    static func typeName(_ type: ValueType) -> String {
        switch type {
        case .boolean: "boolean"
        case .string: "string"
        case .int: "integer"
        case .double: "float"
        case .json: "object"
        }
    }
}
