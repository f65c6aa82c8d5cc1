import BurgeeCore

/// The query filters of Unleash's `GET /api/client/features`: `project` (repeatable, or
/// comma-separated) and `namePrefix`, applied with Unleash Edge's rules (its feature filters):
/// a name must start with the prefix; with projects given, a feature must name one of them in its
/// `project` member (`*` names them all; a feature without the member is left out); the segments
/// become those the kept features' strategies refer to.
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

    /// Whether a feature named `name` in `project` (`nil` when it names none) is kept.
    func keeps(name: String?, project: String?) -> Bool {
        if let namePrefix, !(name ?? "").hasPrefix(namePrefix) { return false }
        guard !projects.isEmpty else { return true }
        guard let project else { return false }
        return projects.contains("*") || projects.contains(project)
    }

    /// `document` filtered. In a features document, the `features` kept and the `segments` they
    /// refer to (the member left out when they refer to none, as Edge answers); in a delta
    /// document, the features of `hydration` events and the `feature-updated` and `feature-removed`
    /// events of kept features (segment events and a hydration's segments all stay, as in Edge's
    /// delta filters).
    func apply(to document: JSONValue) -> JSONValue {
        guard case .object(var members) = document else { return document }
        if let features = members["features"]?.arrayValue {
            let kept = features.filter(keepsFeature)
            members["features"] = .array(kept)
            if let segments = members["segments"]?.arrayValue {
                let used = Set(kept.flatMap(Self.segmentIDs))
                if used.isEmpty {
                    members.removeValue(forKey: "segments")
                } else {
                    members["segments"] = .array(segments.filter { $0.objectValue?["id"].map { used.contains($0) } ?? false })
                }
            }
        }
        if let events = members["events"]?.arrayValue {
            members["events"] = .array(events.compactMap(filterEvent))
        }
        return .object(members)
    }

    /// The segment IDs a feature's strategies refer to.
    private static func segmentIDs(of feature: JSONValue) -> [JSONValue] {
        let strategies = feature.objectValue?["strategies"]?.arrayValue ?? []
        return strategies.flatMap { $0.objectValue?["segments"]?.arrayValue ?? [] }
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
