/// What Datadog's or Eppo's SDK answers for one evaluation (docs/datadog.md, "The command-line
/// contract"): the vendor's reason and error code, the allocation, whether it logs the
/// evaluation, and the event it would log (without its timestamp).
package struct UFCResult: Sendable {
    /// The vendor's reason: `TARGETING_MATCH`, `SPLIT`, `STATIC`, `DEFAULT`, `DISABLED`, `ERROR`.
    package var reason: String
    /// For `ERROR`: OpenFeature's error code, as Datadog's provider names it.
    package var errorCode: String?
    /// Eppo's evaluation code (`MATCH`, `DEFAULT_ALLOCATION_NULL`, …); `nil` when the call is refused.
    package var evaluationCode: String?
    package var allocationKey: String?
    /// Whether the SDK logs this evaluation (a Datadog exposure, an Eppo assignment event).
    package var doLog: Bool
    package var serialId: JSONValue
    package var extraLogging: [String: JSONValue]
    package var value: JSONValue
    package var variant: String?
    /// The event logged when ``doLog``, without its timestamp.
    package var event: JSONValue
    package var vendor: UFCVendor

    /// `failedRule` is the rule whose serve failed, when `detail` is such an error
    /// (``Snapshot/failedRuleIndex(of:)``): Eppo names its allocation.
    package init(_ detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot, vendor: UFCVendor,
                 failedRule: Int? = nil) {
        self.vendor = vendor
        value = detail.value
        variant = detail.variationKey
        allocationKey = nil
        doLog = false
        serialId = .null
        extraLogging = [:]
        event = .null
        errorCode = nil
        switch detail.reason.kind {
        case .ruleMatch, .targetMatch:
            let payload = snapshot.position(ofFlag: key).flatMap { snapshot.ufcRulePayload(at: $0, rule: detail.reason.ruleIndex) } ?? [:]
            reason = payload["reason"]?.stringValue ?? "TARGETING_MATCH"
            evaluationCode = "MATCH"
            allocationKey = payload["allocation"]?.stringValue
            serialId = payload["serialId"] ?? .null
            doLog = payload["doLog"]?.boolValue ?? true
            // What the logged event carries: nothing when nothing is logged.
            if doLog, case .object(let extra)? = payload["extraLogging"] { extraLogging = extra }
        case .fallthrough:
            reason = "DEFAULT"
            evaluationCode = "DEFAULT_ALLOCATION_NULL"
        case .off, .prerequisiteFailed:
            reason = "DISABLED"
            evaluationCode = "FLAG_UNRECOGNIZED_OR_DISABLED"
        case .error:
            reason = "ERROR"
            switch detail.reason.errorKind {
            case .flagNotFound?:
                errorCode = "FLAG_NOT_FOUND"
                evaluationCode = "FLAG_UNRECOGNIZED_OR_DISABLED"
            case .wrongType?:
                errorCode = "TYPE_MISMATCH"
                evaluationCode = "TYPE_MISMATCH"
            case .malformedFlag?:
                errorCode = "PARSE_ERROR"
                evaluationCode = "UNEXPECTED_CONFIGURATION_ERROR"
                // Eppo's details name the allocation whose split failed.
                if vendor == .eppo, let failedRule {
                    allocationKey = snapshot.position(ofFlag: key).flatMap { snapshot.ufcRulePayload(at: $0, rule: failedRule) }?["allocation"]?.stringValue
                }
            case .exception?:
                errorCode = "TARGETING_KEY_MISSING"
                evaluationCode = nil
            case .invalidContext?:
                errorCode = context.invalidReason == Context.ufcKeyRefusal ? "TARGETING_KEY_MISSING" : "INVALID_CONTEXT"
                evaluationCode = nil
            case .clientNotReady?:
                errorCode = "PROVIDER_NOT_READY"
                evaluationCode = "CONFIGURATION_MISSING"
            case nil:
                errorCode = "GENERAL"
                evaluationCode = nil
            }
        }
        if doLog { event = Self.event(flag: key, self, context: context) }
    }

    /// `{"kind": reason}`, with `errorKind` for an error: the result line's reason.
    package var reasonJSON: JSONValue {
        var o: [String: JSONValue] = ["kind": .string(reason)]
        if let errorCode { o["errorKind"] = .string(errorCode) }
        return .object(o)
    }

    /// The vendor's member of the result line.
    package var json: JSONValue {
        switch vendor {
        case .datadog:
            var metadata: [String: JSONValue] = [:]
            if let allocationKey {
                metadata = ["allocation_key": .string(allocationKey), "__dd_do_log": .bool(doLog),
                            "__dd_observe_full_evaluation_data": false]
            }
            return ["value": value, "variant": variant.map(JSONValue.string) ?? .null, "reason": .string(reason),
                    "errorCode": errorCode.map(JSONValue.string) ?? .null,
                    "errorMessage": errorCode.map { .string(Self.message($0)) } ?? .null,
                    "allocationKey": allocationKey.map(JSONValue.string) ?? .null, "doLog": .bool(doLog),
                    "serialId": serialId, "flagMetadata": .object(metadata), "exposure": event]
        case .eppo:
            return ["flagEvaluationCode": evaluationCode.map(JSONValue.string) ?? .null,
                    "flagEvaluationDescription": .string(Self.description(evaluationCode, errorCode)),
                    "variationKey": variant.map(JSONValue.string) ?? .null,
                    "allocationKey": allocationKey.map(JSONValue.string) ?? .null, "doLog": .bool(doLog),
                    "extraLogging": .object(extraLogging), "assignmentEvent": event]
        }
    }

    /// The subject: its key (`""` without one) and attributes as given (not the `id` that stands
    /// for the key).
    static func subject(_ context: Context) -> (id: String, attributes: [String: JSONValue]) {
        guard let single = context.contexts.first else { return ("", [:]) }
        let members = single.attributes
        var attributes = members[Context.ufcAttributes]?.objectValue ?? [:]
        if members[Context.ufcIdFromKey] != nil { attributes["id"] = nil }
        return (subjectId(context), attributes)
    }

    /// The subject's key (`""` without one), read without copying its attributes.
    package static func subjectId(_ context: Context) -> String {
        context.contexts.first?.value(of: UFCLowering.targetingKey)?.stringValue ?? ""
    }

    /// Datadog's exposure event of `flag` served to the subject of `context`.
    package static func datadogExposure(flag key: String, allocation: String, variant: String, serialId: JSONValue,
                                        context: Context) -> [String: JSONValue] {
        let subject = subject(context)
        var o: [String: JSONValue] = ["allocation": ["key": .string(allocation)], "flag": ["key": .string(key)],
                                      "variant": ["key": .string(variant)],
                                      "subject": ["id": .string(subject.id), "attributes": .object(subject.attributes)]]
        if !serialId.isNull { o["serial_id"] = serialId }
        return o
    }

    /// Datadog's exposure or Eppo's assignment event.
    static func event(flag key: String, _ result: UFCResult, context: Context) -> JSONValue {
        let allocation = result.allocationKey ?? ""
        let variant = result.variant ?? ""
        switch result.vendor {
        case .datadog:
            return .object(datadogExposure(flag: key, allocation: allocation, variant: variant, serialId: result.serialId, context: context))
        case .eppo:
            let subject = subject(context)
            var o: [String: JSONValue] = ["featureFlag": .string(key), "allocation": .string(allocation),
                                          "experiment": .string("\(key)-\(allocation)"), "variation": .string(variant),
                                          "subject": .string(subject.id), "subjectAttributes": .object(subject.attributes),
                                          "metaData": ["sdkName": "burgee", "sdkVersion": .string(SDKVersion.version),
                                                       "coreVersion": .string(SDKVersion.version)]]
            for (name, value) in result.extraLogging { o[name] = value }
            return .object(o)
        }
    }

    static func message(_ code: String) -> String {
        switch code {
        case "FLAG_NOT_FOUND": "flag not found"
        case "TYPE_MISMATCH": "the requested type is not the flag's variation type"
        case "PARSE_ERROR": "the flag's configuration cannot be read"
        case "TARGETING_KEY_MISSING": "a targeting key is needed to evaluate this flag"
        case "INVALID_CONTEXT": "the evaluation context is invalid"
        case "PROVIDER_NOT_READY": "no configuration yet"
        default: "evaluation failed"
        }
    }

    static func description(_ code: String?, _ error: String?) -> String {
        switch code {
        case "MATCH"?: "a split of an allocation matched the subject"
        case "DEFAULT_ALLOCATION_NULL"?: "no allocation matched the subject; the default is served"
        case "FLAG_UNRECOGNIZED_OR_DISABLED"?: "the flag is unknown or disabled"
        case "TYPE_MISMATCH"?: "the requested type is not the flag's variation type"
        case "UNEXPECTED_CONFIGURATION_ERROR"?: "the flag's configuration cannot be used"
        case "CONFIGURATION_MISSING"?: "no configuration yet"
        default: error.map(message) ?? ""
        }
    }
}
