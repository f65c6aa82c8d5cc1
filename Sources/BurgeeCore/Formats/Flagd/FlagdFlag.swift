/// One flag of a flagd document: `{"state","variants","defaultVariant","targeting","metadata"}`,
/// read with its problems. Targeting is kept with every `$ref` already replaced.
package struct FlagdFlag: Sendable {
    package var key: String
    package var path: JSONPointer
    /// `state` is `ENABLED`.
    package var enabled: Bool
    /// The variants, by name, in name order.
    package var variants: [(name: String, value: JSONValue)]
    /// `nil` when absent or `null`.
    package var defaultVariant: String?
    /// `nil` when absent, `null` or `{}`.
    package var targeting: JSONValue?
    package var metadata: [String: JSONValue]
    package var problems: [DefinitionProblem]
    /// The flag as written, for change detection.
    package var json: JSONValue

    /// Reads a flag; `evaluators` are the document's `$evaluators`, for `$ref`.
    package init(key: String, json: JSONValue, at path: JSONPointer, evaluators: [String: JSONValue]) {
        self.key = key
        self.path = path
        self.json = json
        var r = ModelReader(subject: .flag(key))
        enabled = false
        variants = []
        defaultVariant = nil
        targeting = nil
        metadata = [:]
        guard let members = r.object(json, at: path) else {
            problems = r.problems
            return
        }
        switch members["state"] {
        case .string("ENABLED")?: enabled = true
        case .string("DISABLED")?: enabled = false
        case nil: r.error(path.appending("state"), "'state' is missing; it is \"ENABLED\" or \"DISABLED\"")
        case let other?: r.error(path.appending("state"), "'state' is \(other.typeName == "string" ? "\(other)" : other.typeName), not \"ENABLED\" or \"DISABLED\"")
        }
        switch members["variants"] {
        case .object(let v)?:
            variants = v.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
            if v.isEmpty { r.error(path.appending("variants"), "'variants' is empty") }
        case nil: r.error(path.appending("variants"), "'variants' is missing")
        case let other?: r.error(path.appending("variants"), "'variants' is \(other.typeName), not an object")
        }
        switch members["defaultVariant"] {
        case nil, .null?: break
        case .string(let name)?:
            defaultVariant = name
            if !variants.isEmpty, !variants.contains(where: { $0.name == name }) {
                r.error(path.appending("defaultVariant"), "'defaultVariant' names '\(name)', which is not among the variants")
            }
        case let other?: r.error(path.appending("defaultVariant"), "'defaultVariant' is \(other.typeName), not a string or null")
        }
        if let t = members["targeting"] {
            switch FlagdReferences.resolve(t, evaluators: evaluators, at: path.appending("targeting")) {
            case .success(let resolved):
                if case .object(let o) = resolved, o.isEmpty { targeting = nil }
                else if case .null = resolved { targeting = nil }
                else if case .object = resolved { targeting = resolved }
                else { r.error(path.appending("targeting"), "'targeting' is \(resolved.typeName), not a JsonLogic object") }
            case .failure(let failure):
                r.error(failure.path, failure.message)
            }
        }
        switch members["metadata"] {
        case nil, .null?: break
        case .object(let m)?: metadata = m
        case let other?: r.error(path.appending("metadata"), "'metadata' is \(other.typeName), not an object")
        }
        problems = r.problems
    }

    package var hasErrors: Bool { problems.contains { $0.severity == .error } }
}
