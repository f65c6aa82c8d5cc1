/// One Kameleoon feature flag of a configuration, as Kameleoon's server SDKs read it.
package struct KameleoonFlag: Sendable, Equatable {
    package var id: Int64
    package var featureKey: String
    /// Served when no rule serves (`""` when absent).
    package var defaultVariationKey: String
    /// `false` (or absent): evaluating the flag fails with `FeatureEnvironmentDisabled`.
    package var environmentEnabled: Bool
    /// The mutually exclusive group the flag belongs to; `nil` or empty: none.
    package var mutuallyExclusiveGroup: String?
    /// The custom data whose first value a visitor is bucketed by, as its `customData` id.
    package var bucketingCustomDataId: Int64?
    package var variations: [KameleoonVariation]
    /// Evaluated in array order (`order` is not read).
    package var rules: [KameleoonRule]
    /// The flag as written.
    package var json: JSONValue

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let o = try r.object(json)
        self.json = json
        id = try o["id"].map { v throws(DefinitionsError) in v.isNull ? 0 : try r.at("id").integer(v) } ?? 0
        featureKey = o["featureKey"]?.stringValue ?? ""
        defaultVariationKey = o["defaultVariationKey"]?.stringValue ?? ""
        environmentEnabled = RefusingReader.truth(o["environmentEnabled"])
        mutuallyExclusiveGroup = o["mutuallyExclusiveGroup"]?.stringValue
        if let v = o["bucketingCustomDataId"], !v.isNull { bucketingCustomDataId = try r.at("bucketingCustomDataId").integer(v) }
        variations = []
        if let list = o["variations"], !list.isNull {
            for (i, item) in try r.at("variations").array(list).enumerated() {
                variations.append(try KameleoonVariation(json: item, r.at("variations").at(i)))
            }
        }
        rules = []
        if let list = o["rules"], !list.isNull {
            for (i, item) in try r.at("rules").array(list).enumerated() {
                rules.append(try KameleoonRule(json: item, r.at("rules").at(i)))
            }
        }
    }

    /// The variation with `key`, if the flag has one.
    package func variation(_ key: String) -> KameleoonVariation? {
        variations.first { $0.key == key }
    }
}
