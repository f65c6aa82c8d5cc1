/// Unleash's client features document, `GET /api/client/features`:
/// `{"version":2,"features":[…],"segments":[…]}` (docs/unleash.md), read with every problem and its
/// JSON path.
///
/// A document that is not an object, or whose `features` is not an array, is refused as a whole;
/// a feature or segment that cannot be read is kept with error problems, and its flag is
/// malformed. Unknown strategies and operators are warnings: they load and never pass.
package struct UnleashDocument: Sendable {
    /// The `version` member, when it is an integer.
    package var version: Int64?
    /// The features, in document order; a later feature of the same name replaces an earlier one.
    package var features: [UnleashFeature]
    /// The segments, referred to by id from strategies.
    package var segments: [UnleashSegment]
    /// Problems about the document itself (its `segments` member, duplicate names).
    package var problems: [DefinitionProblem]

    /// An empty document.
    package init(version: Int64? = nil, features: [UnleashFeature] = [], segments: [UnleashSegment] = [],
                 problems: [DefinitionProblem] = []) {
        self.version = version
        self.features = features
        self.segments = segments
        self.problems = problems
    }

    /// Reads a parsed document: a features document, or a delta document (`{"events":[…]}`),
    /// whose events are applied in order to an empty document.
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` when the shape is not Unleash's at all.
    package init(json: JSONValue) throws(DefinitionsError) {
        guard case .object(let members) = json else {
            throw .notOfFormat(.unleash, "the top level is \(json.typeName), not an object")
        }
        if members["features"] == nil, let events = members["events"] {
            guard case .array(let list) = events else {
                throw .notOfFormat(.unleash, "'events' is \(events.typeName), not an array")
            }
            self.init()
            for (i, event) in list.enumerated() {
                apply(UnleashDeltaEvent(json: event, at: JSONPointer.root.appending("events").appending(i)))
            }
            return
        }
        guard case .array(let featureList)? = members["features"] else {
            throw .notOfFormat(.unleash, "'features' is \(members["features"]?.typeName ?? "missing"), not an array")
        }
        var r = ModelReader(subject: .document)
        let version = r.optionalInt(members, "version", at: .root)
        let featuresPath = JSONPointer.root.appending("features")
        let features = featureList.enumerated().map { i, value in UnleashFeature(json: value, at: featuresPath.appending(i)) }
        let segments = r.elements(members, "segments", at: .root) { value, path, _ in UnleashSegment(json: value, at: path) }
        self.init(version: version, features: features, segments: segments, problems: r.problems)
    }

    /// Reads JSON bytes.
    /// - Throws: ``DefinitionsError/invalidJSON(_:)`` for bytes that are not JSON, else as ``init(json:)``.
    package init(jsonBytes: [UInt8], limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(jsonBytes) } catch { throw .invalidJSON(error) }
        try self.init(json: json)
    }

    /// Applies one delta event (the delta API: `hydration` replaces everything, the others
    /// replace or remove one feature or segment). An event that cannot be read is recorded as a
    /// document problem and changes nothing.
    package mutating func apply(_ event: UnleashDeltaEvent) {
        switch event {
        case .hydration(let features, let segments):
            self.features = features
            self.segments = segments
        case .featureUpdated(let feature):
            if let i = features.firstIndex(where: { $0.name == feature.name }) { features[i] = feature } else { features.append(feature) }
        case .featureRemoved(let name):
            features.removeAll { $0.name == name }
        case .segmentUpdated(let segment):
            if let i = segments.firstIndex(where: { $0.id == segment.id }) { segments[i] = segment } else { segments.append(segment) }
        case .segmentRemoved(let id):
            segments.removeAll { $0.id == id }
        case .unreadable(let problem):
            problems.append(problem)
        }
    }
}
