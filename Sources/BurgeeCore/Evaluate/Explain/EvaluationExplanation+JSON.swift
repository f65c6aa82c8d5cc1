extension EvaluationExplanation {
    /// The explanation as JSON: the members of `burgee eval`'s result line (`flag`, `value`,
    /// `variation`, `variationIndex`, `reason`, and the format's own member named by `vendor`),
    /// then `trace`: `steps` (`depth`, `outcome` `pass`, `fail` or `null`, `text`) and `note`.
    package func json(vendor: VendorResult? = nil) -> JSONValue {
        let reasonJSON = (try? JSONParser().parse(Array((vendor?.reason ?? detail.reason).jsonText.utf8))) ?? .null
        var o: [String: JSONValue] = [
            "flag": .string(flagKey),
            "value": vendor?.value ?? detail.value,
            "variation": detail.variationKey.map(JSONValue.string) ?? .null,
            "variationIndex": detail.variationIndex.map { .number(Double($0)) } ?? .null,
            "reason": vendor?.reasonJSON ?? reasonJSON,
        ]
        if let vendor { o[vendor.member] = vendor.json }
        let steps: [JSONValue] = steps.map { step in
            ["depth": .number(Double(step.depth)), "outcome": step.outcome.map { .string($0.rawValue) } ?? .null,
             "text": .string(step.text)]
        }
        o["trace"] = ["steps": .array(steps), "note": note.map(JSONValue.string) ?? .null]
        return .object(o)
    }
}
