/// One event of Unleash's delta API (client specification files 19 and 20).
package enum UnleashDeltaEvent: Sendable {
    /// `hydration`: the whole state.
    case hydration(features: [UnleashFeature], segments: [UnleashSegment])
    /// `feature-updated`: a feature added or replaced.
    case featureUpdated(UnleashFeature)
    /// `feature-removed`: the feature of this name removed.
    case featureRemoved(String)
    /// `segment-updated`: a segment added or replaced.
    case segmentUpdated(UnleashSegment)
    /// `segment-removed`: the segment of this id removed.
    case segmentRemoved(Int64)
    /// An event that could not be read (unknown type, wrong shape): why, and where.
    case unreadable(DefinitionProblem)

    /// Reads an event at `path`.
    package init(json: JSONValue, at path: JSONPointer) {
        func bad(_ where_: JSONPointer, _ message: String) -> UnleashDeltaEvent {
            .unreadable(DefinitionProblem(.error, .document, at: where_, message))
        }
        guard case .object(let o) = json else {
            self = bad(path, "an event is an object, not \(json.typeName)")
            return
        }
        guard case .string(let type)? = o["type"] else {
            self = bad(path.appending("type"), "an event needs a string 'type'")
            return
        }
        switch type {
        case "hydration":
            var r = ModelReader(subject: .document)
            let features = r.elements(o, "features", at: path) { value, p, _ in UnleashFeature(json: value, at: p) }
            let segments = r.elements(o, "segments", at: path) { value, p, _ in UnleashSegment(json: value, at: p) }
            if let problem = r.problems.first { self = .unreadable(problem); return }
            self = .hydration(features: features, segments: segments)
        case "feature-updated":
            guard let feature = o["feature"] else { self = bad(path.appending("feature"), "'feature' is missing"); return }
            self = .featureUpdated(UnleashFeature(json: feature, at: path.appending("feature")))
        case "feature-removed":
            guard case .string(let name)? = o["featureName"] else {
                self = bad(path.appending("featureName"), "'featureName' must be a string")
                return
            }
            self = .featureRemoved(name)
        case "segment-updated":
            guard let segment = o["segment"] else { self = bad(path.appending("segment"), "'segment' is missing"); return }
            self = .segmentUpdated(UnleashSegment(json: segment, at: path.appending("segment")))
        case "segment-removed":
            guard case .number(let n)? = o["segmentId"], let id = JSONValue.exactInt64(n) else {
                self = bad(path.appending("segmentId"), "'segmentId' must be an integer")
                return
            }
            self = .segmentRemoved(id)
        default:
            self = .unreadable(DefinitionProblem(.warning, .document, at: path.appending("type"),
                                                 "unknown delta event type '\(type)' is ignored"))
        }
    }
}
