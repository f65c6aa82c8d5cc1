/// A flag's variations as the program numbers them: the flag's own (the first of each key), then
/// one per key that the default or the rules (in order) name but the flag does not have. Those
/// serve `""` as Kameleoon's SDKs do, and remember the key for `isFeatureActive`.
struct KameleoonVariations {
    private(set) var drafts: [VariationDraft] = []
    private(set) var variables: [[String: JSONValue]] = []
    /// Per variation: `{"key": the key as named, "name", "variables": {key: {"type","value"}}}`.
    private(set) var payloads: [JSONValue?] = []
    private var positions: [String: Int] = [:]

    init(_ flag: KameleoonFlag) {
        for variation in flag.variations where positions[variation.key] == nil {
            add(key: variation.key, served: variation.key, name: variation.name, variation.variables)
        }
        let named = [flag.defaultVariationKey] + flag.rules.flatMap { $0.experiment.variations.map(\.variationKey) }
        for key in named where positions[key] == nil {
            add(key: key, served: "", name: "", [])
        }
    }

    /// The index of the variation named `key` (the default's or one a rule names).
    func index(of key: String) -> Int {
        positions[key] ?? 0
    }

    private mutating func add(key: String, served: String, name: String, _ list: [KameleoonVariable]) {
        positions[key] = drafts.count
        drafts.append(VariationDraft(key: served, value: .string(served)))
        var values: [String: JSONValue] = [:]
        var typed: [String: JSONValue] = [:]
        for variable in list {
            values[variable.key] = variable.value ?? .null
            typed[variable.key] = .object(["type": .string(variable.type), "value": variable.value ?? .null])
        }
        variables.append(values)
        payloads.append(.object(["key": .string(key), "name": .string(name), "variables": .object(typed)]))
    }
}
