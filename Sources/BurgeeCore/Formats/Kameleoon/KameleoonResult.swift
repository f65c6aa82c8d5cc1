/// What Kameleoon's `getVariation(visitorCode, featureKey, track: false)` answers for an
/// evaluation, with the rule that served and `isFeatureActive`'s answer: the command line's
/// `kameleoon` member (docs/kameleoon.md).
package struct KameleoonResult: Sendable, Equatable {
    /// The served variation's key (`""` for a key the flag's variations do not have).
    package var variationKey: String?
    package var variationName: String?
    package var variationId: Int64?
    package var experimentId: Int64?
    package var ruleId: Int64?
    package var ruleType: String?
    /// By key: `{"type", "value"}`, JSON variables parsed.
    package var variables: [String: JSONValue]?
    /// `isFeatureActive`: the served key is not `off`; `false` for a disabled flag; `nil` on errors.
    package var active: Bool?
    /// The exception Kameleoon's SDKs raise: `FeatureNotFound`, `FeatureEnvironmentDisabled`,
    /// `VisitorCodeInvalid`.
    package var error: String?
    /// `"consent"` when consent blocking disabled the flag.
    package var blockedBy: String?

    /// The result of `detail` for `flag` (`nil`: not in the document).
    package init(_ detail: EvaluationDetail, flag: KameleoonFlag?) {
        switch detail.reason.kind {
        case .error:
            error = detail.reason.errorKind == .invalidContext ? "VisitorCodeInvalid" : "FeatureNotFound"
            return
        case .off:
            error = "FeatureEnvironmentDisabled"
            active = false
            if detail.reason.label == KameleoonLowering.consentLabel { blockedBy = "consent" }
            return
        default:
            break
        }
        guard let flag, let index = detail.variationIndex else { return }
        let variations = KameleoonVariations(flag)
        guard index < variations.payloads.count, case .object(let payload)? = variations.payloads[index] else { return }
        variationKey = detail.variationKey
        variationName = payload["name"]?.stringValue
        variables = payload["variables"]?.objectValue ?? [:]
        active = payload["key"]?.stringValue != "off"
        if let served = KameleoonServed(detail, flag: flag) {
            variationId = served.variationId
            experimentId = served.experimentId
            ruleId = served.rule.id
            ruleType = served.rule.typeName
        }
    }

    /// `{"variationKey", "variationName", "variationId", "experimentId", "ruleId", "ruleType",
    /// "variables", "active", "error", "blockedBy"}`.
    package var json: JSONValue {
        func number(_ n: Int64?) -> JSONValue { n.map { .number(Double($0)) } ?? .null }
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            "variationKey": string(variationKey), "variationName": string(variationName),
            "variationId": number(variationId), "experimentId": number(experimentId),
            "ruleId": number(ruleId), "ruleType": string(ruleType),
            "variables": variables.map(JSONValue.object) ?? .null,
            "active": active.map(JSONValue.bool) ?? .null, "error": string(error), "blockedBy": string(blockedBy),
        ])
    }
}
