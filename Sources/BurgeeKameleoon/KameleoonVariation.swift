import BurgeeCore

/// What Kameleoon's `getVariation` returns: the variation a visitor was given, its variables,
/// and the experiment and rule that served it.
public struct KameleoonVariation: Sendable, Hashable {
    /// The variation's key (`""` when the served key is not among the flag's variations).
    public var key: String
    /// The variation's name.
    public var name: String?
    /// The variation's id in the rule's experiment; `nil` for the default variation.
    public var id: Int?
    /// The experiment of the rule that served it; `nil` for the default variation.
    public var experimentId: Int?
    /// The rule that served it; `nil` for the default variation.
    public var ruleId: Int?
    /// `EXPERIMENTATION` or `TARGETED_DELIVERY`; `nil` for the default variation.
    public var ruleType: String?
    /// The variation's variables, by key.
    public var variables: [String: KameleoonVariable]

    /// Whether the variation turns the feature on: its key is not `off` (Kameleoon's `isActive`).
    public var isActive: Bool { key != "off" }

    init(_ result: KameleoonResult) {
        key = result.variationKey ?? ""
        name = result.variationName
        id = result.variationId.map(Int.init)
        experimentId = result.experimentId.map(Int.init)
        ruleId = result.ruleId.map(Int.init)
        ruleType = result.ruleType
        var variables: [String: KameleoonVariable] = [:]
        for (key, variable) in result.variables ?? [:] {
            let object = variable.objectValue ?? [:]
            variables[key] = KameleoonVariable(key: key, type: object["type"]?.stringValue ?? "", value: object["value"] ?? .null)
        }
        self.variables = variables
    }
}

/// A variable of a variation: its key, Kameleoon's type name and its value (JSON variables parsed).
public struct KameleoonVariable: Sendable, Hashable {
    /// The variable's key.
    public var key: String
    /// `BOOLEAN`, `NUMBER`, `STRING`, `JSON`, `JS` or `CSS`.
    public var type: String
    /// The value; a `JSON` variable's text is parsed.
    public var value: JSONValue
}
