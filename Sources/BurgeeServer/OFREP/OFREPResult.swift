import BurgeeCore

/// One flag's evaluation as OFREP sends it: `evaluationSuccess` or `evaluationFailure` of the
/// protocol's OpenAPI document (0.3.0).
enum OFREPResult {
    /// The JSON of `detail`, the evaluation of flag `key` in `snapshot`, and whether it is a
    /// failure (with its code).
    static func json(_ key: String, _ detail: EvaluationDetail, in snapshot: Snapshot) -> (JSONValue, OFREPErrorCode?) {
        var o: [String: JSONValue] = ["key": .string(key)]
        if let metadata = metadata(snapshot.metadata(ofFlag: key)) { o["metadata"] = metadata }
        if detail.reason.kind == .error {
            let code = errorCode(detail.reason.errorKind)
            o["errorCode"] = .string(code.rawValue)
            o["errorDetails"] = .string(errorDetails(key, detail.reason))
            return (.object(o), code)
        }
        // A fallthrough that the flag's own format calls a targeting match is sent as one.
        if detail.reason.kind == .fallthrough, !detail.reason.fromRollout,
           snapshot.openFeatureFallthroughReason(ofFlag: key) == "TARGETING_MATCH" {
            o["reason"] = "TARGETING_MATCH"
        } else if detail.reason.kind == .ruleMatch,
                  let own = snapshot.openFeatureRuleReason(ofFlag: key, rule: detail.reason.ruleIndex) {
            // A rule whose format names its reason (a UFC allocation's `STATIC` or `SPLIT`).
            o["reason"] = .string(own)
        } else {
            o["reason"] = .string(reason(detail.reason))
        }
        guard detail.variationIndex != nil else {
            // No variation served (off without an off variation): OFREP's `codeDefaultFlag`, no value.
            return (.object(o), nil)
        }
        switch detail.value {
        case .bool, .string, .number, .object:
            o["value"] = detail.value
        case .array, .null:
            // OFREP's values are booleans, strings, numbers and objects only.
            o["reason"] = nil
            o["errorCode"] = .string(OFREPErrorCode.general.rawValue)
            o["errorDetails"] = .string("flag '\(key)' served \(detail.value.typeName), which OFREP cannot carry")
            return (.object(o), .general)
        }
        if let variant = detail.variationKey { o["variant"] = .string(variant) }
        return (.object(o), nil)
    }

    /// OFREP's reason for a served result. OFREP lists `STATIC`, `TARGETING_MATCH`, `SPLIT`,
    /// `DISABLED` and `UNKNOWN`, not OpenFeature's `DEFAULT`: a fallthrough that no rollout
    /// picked is sent as `STATIC`.
    static func reason(_ reason: EvaluationReason) -> String {
        switch reason.kind {
        case .off, .prerequisiteFailed: "DISABLED"
        case .targetMatch: "TARGETING_MATCH"
        case .ruleMatch: reason.fromRollout ? "SPLIT" : "TARGETING_MATCH"
        case .fallthrough: reason.fromRollout ? "SPLIT" : "STATIC"
        case .error: "UNKNOWN"
        }
    }

    static func errorCode(_ kind: EvaluationReason.ErrorKind?) -> OFREPErrorCode {
        switch kind {
        case .flagNotFound?: .flagNotFound
        case .malformedFlag?: .parseError
        case .invalidContext?: .invalidContext
        case .clientNotReady?, .wrongType?, .exception?, nil: .general
        }
    }

    private static func errorDetails(_ key: String, _ reason: EvaluationReason) -> String {
        switch reason.errorKind {
        case .flagNotFound?: "flag '\(key)' was not found"
        case .malformedFlag?: "flag '\(key)' has errors in its definition"
        case .invalidContext?: "the context cannot be evaluated"
        default: "flag '\(key)' could not be evaluated (\(reason.errorKind?.rawValue ?? "ERROR"))"
        }
    }

    /// The flag's metadata members OFREP can carry (booleans, strings, numbers); `nil` when none.
    private static func metadata(_ metadata: [String: JSONValue]) -> JSONValue? {
        let scalars = metadata.filter {
            switch $0.value {
            case .bool, .string, .number: true
            default: false
            }
        }
        return scalars.isEmpty ? nil : .object(scalars)
    }
}
