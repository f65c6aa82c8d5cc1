import BurgeeCore

/// The query filters of Unleash's `GET /api/client/features`: `project` (repeatable, or
/// comma-separated) and `namePrefix`, as Unleash's server and Edge apply them.
struct UnleashFeatureQuery: Sendable, Equatable {
    /// The projects asked for; empty for all.
    var projects: Set<String>
    /// The prefix every name must start with; `nil` for any.
    var namePrefix: String?

    /// The filters of a query's `project` values and `namePrefix` value.
    init(projects: [String], namePrefix: String?) {
        self.projects = Set(projects.flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty })
        self.namePrefix = namePrefix.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the query filters anything.
    var isEmpty: Bool { projects.isEmpty && namePrefix == nil }

    /// Whether a feature named `name` in `project` is kept. A feature without a `project` member is
    /// in Unleash's `default` project.
    func keeps(name: String?, project: String?) -> Bool {
        if let namePrefix, !(name ?? "").hasPrefix(namePrefix) { return false }
        return projects.isEmpty || projects.contains(project ?? "default")
    }

    /// `document` with only the features kept: the `features` of a features document, and in a
    /// delta document the features of `hydration` events and the `feature-updated` and
    /// `feature-removed` events of kept features. Segments are all kept, as Unleash serves them.
    func apply(to document: JSONValue) -> JSONValue {
        guard case .object(var members) = document else { return document }
        if let features = members["features"]?.arrayValue {
            members["features"] = .array(features.filter(keepsFeature))
        }
        if let events = members["events"]?.arrayValue {
            members["events"] = .array(events.compactMap(filterEvent))
        }
        return .object(members)
    }

    private func keepsFeature(_ feature: JSONValue) -> Bool {
        let members = feature.objectValue
        return keeps(name: members?["name"]?.stringValue, project: members?["project"]?.stringValue)
    }

    private func filterEvent(_ event: JSONValue) -> JSONValue? {
        guard case .object(var members) = event else { return event }
        switch members["type"]?.stringValue {
        case "hydration":
            if let features = members["features"]?.arrayValue { members["features"] = .array(features.filter(keepsFeature)) }
            return .object(members)
        // `.none` spelled out: JSONValue is ExpressibleByNilLiteral, and a bare `nil` in a
        // conditional would become JSON's null instead of dropping the event.
        case "feature-updated":
            if members["feature"].map(keepsFeature) == false { return .none }
            return event
        case "feature-removed":
            if !keeps(name: members["featureName"]?.stringValue, project: members["project"]?.stringValue) { return .none }
            return event
        default:
            return event
        }
    }
}
