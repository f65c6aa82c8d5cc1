/// A flag that must serve a given variation before another flag's targeting applies.
package struct PrerequisiteDefinition: Sendable, Hashable {
    /// The prerequisite flag's key.
    package var flag: String
    /// The key of the variation it must serve.
    package var variation: String

    /// A prerequisite.
    package init(flag: String, variation: String) {
        self.flag = flag
        self.variation = variation
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> PrerequisiteDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let flag = r.requiredString(o, "flag", at: path)
        let variation = r.requiredString(o, "variation", at: path)
        guard let flag, let variation else { return nil }
        return PrerequisiteDefinition(flag: flag, variation: variation)
    }

    /// The JSON form.
    package var json: JSONValue { ["flag": .string(flag), "variation": .string(variation)] }
}
