/// Unleash's documents change one feature or segment at a time, as the delta API's events
/// change them: features are items by name, segments by id (in decimal). Segments are written
/// into the strategies that name them and a dependency may repeat its parent's strategies, so a
/// change lowers again the features that read the item changed (``flags(reading:_:in:)``).
///
/// A feature or segment replaced alone takes the place of the one of its name or id (dropping any
/// other of that name or id, as the last one is used), or the next place, and its problems name
/// that place (`/features/<position>`), as reading the whole document would.
extension UnleashDialect: ItemwiseDialect {
    func lower(_ document: UnleashDocument, options: CompileOptions) -> ProgramDraft {
        UnleashLowering.lower(document, options: Self.lowering(options))
    }

    /// The features and segments of a features document, or of a delta document's events
    /// applied in order.
    func items(of json: JSONValue) -> DocumentItems {
        var features: [String: JSONValue] = [:]
        var segments: [String: JSONValue] = [:]
        func add(features list: JSONValue?) {
            for feature in list?.arrayValue ?? [] {
                if let name = feature.objectValue?["name"]?.stringValue { features[name] = feature }
            }
        }
        func add(segments list: JSONValue?) {
            for segment in list?.arrayValue ?? [] {
                if let key = Self.segmentKey(of: segment) { segments[key] = segment }
            }
        }
        guard case .object(let members) = json else { return [:] }
        if members["features"] == nil, let events = members["events"]?.arrayValue {
            for event in events {
                guard case .object(let e) = event else { continue }
                switch e["type"]?.stringValue {
                case "hydration":
                    features = [:]
                    segments = [:]
                    add(features: e["features"])
                    add(segments: e["segments"])
                case "feature-updated":
                    if let feature = e["feature"] { add(features: [feature]) }
                case "feature-removed":
                    if let name = e["featureName"]?.stringValue { features[name] = nil }
                case "segment-updated":
                    if let segment = e["segment"] { add(segments: [segment]) }
                case "segment-removed":
                    if case .number(let n)? = e["segmentId"], let id = JSONValue.exactInt64(n) { segments[String(id)] = nil }
                default:
                    break
                }
            }
        } else {
            add(features: members["features"])
            add(segments: members["segments"])
        }
        return [.flag: features, .segment: segments]
    }

    /// A features document: features by name, segments by id.
    func cachedJSON(items: DocumentItems, of document: UnleashDocument) -> JSONValue {
        let features = (items[.flag] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
        let segments = (items[.segment] ?? [:]).sorted { (Int64($0.key) ?? 0) < (Int64($1.key) ?? 0) }.map(\.value)
        return ["version": .number(Double(version(of: document))), "features": .array(features), "segments": .array(segments)]
    }

    /// A features document (a poll's) whose features and segments are those held, in the same
    /// order (so that each keeps its position, which problems name), with the same version; a
    /// delta document, other names or ids, another order, or anything reading could refuse is
    /// read whole.
    func wholeItems(of json: JSONValue, replacing document: UnleashDocument) -> (items: DocumentItems, version: Int64?)? {
        guard document.problems.isEmpty, case .object(let members) = json, case .array(let features)? = members["features"]
        else { return nil }
        let version: Int64?
        switch members["version"] {
        case nil: version = nil
        case .number(let n)?:
            guard let exact = JSONValue.exactInt64(n) else { return nil }
            version = exact
        default: return nil
        }
        let segments: [JSONValue]
        switch members["segments"] {
        case nil: segments = []
        case .array(let list)?: segments = list
        default: return nil
        }
        guard version == document.version, features.count == document.features.count, segments.count == document.segments.count
        else { return nil }
        for (feature, held) in zip(features, document.features) {
            guard feature.objectValue?["name"]?.stringValue == held.name else { return nil }
        }
        for (segment, held) in zip(segments, document.segments) {
            guard Self.segmentKey(of: segment) == String(held.id) else { return nil }
        }
        let items = self.items(of: json)
        guard items[.flag]?.count == features.count, items[.segment]?.count == segments.count else { return nil }
        return (items, version)
    }

    func replace(flag key: String, with json: JSONValue?, in document: inout UnleashDocument, options: CompileOptions)
        -> (draft: FlagDraft, source: SourceItem)?
    {
        let position = document.features.firstIndex { $0.name == key } ?? document.features.count
        let feature = json.map { json in
            var feature = UnleashFeature(json: json, at: JSONPointer.root.appending("features").appending(position))
            feature.name = key
            return feature
        }
        Self.replace(in: &document.features, feature, where: { $0.name == key })
        return lower(flag: key, in: document, options: options)
    }

    func replace(segment key: String, with json: JSONValue?, in document: inout UnleashDocument, options: CompileOptions)
        -> (draft: SegmentDraft?, source: SourceItem)?
    {
        guard let id = Int64(key) else { return nil }
        let position = document.segments.firstIndex { $0.id == id } ?? document.segments.count
        let segment = json.map { json in
            var segment = UnleashSegment(json: json, at: JSONPointer.root.appending("segments").appending(position))
            if segment.problems.isEmpty { segment.id = id }
            return segment
        }
        Self.replace(in: &document.segments, segment, where: { $0.id == id })
        return json.map { (nil, SourceItem($0)) }
    }

    /// A segment's users, and the features depending on them (which may repeat their
    /// strategies); a feature's dependents.
    func flags(reading kind: DefinitionItemKind, _ key: String, in document: UnleashDocument) -> [String] {
        var readers: Set<String>
        switch kind {
        case .flag:
            readers = Self.dependents(of: [key], in: document)
        case .segment:
            guard let id = Int64(key) else { return [] }
            readers = []
            // Fields read by index, not features copied: a copy retains and releases every part of each.
            for i in document.features.indices where document.features[i].strategies.contains(where: { $0.segments.contains(id) }) {
                readers.insert(document.features[i].name)
            }
            readers.formUnion(Self.dependents(of: readers, in: document))
        }
        return readers.sorted()
    }

    func lower(flag key: String, in document: UnleashDocument, options: CompileOptions) -> (draft: FlagDraft, source: SourceItem)? {
        UnleashLowering.lower(feature: key, in: document, options: Self.lowering(options)).map { ($0.draft, SourceItem($0.feature.json)) }
    }

    /// Features carry no version: the delta API orders its events by id instead.
    var itemsCarryVersions: Bool { false }

    func version(of kind: DefinitionItemKind, _ key: String, in document: UnleashDocument) -> Int64? { nil }

    func snapshot(of document: UnleashDocument, program: Program, flagSets: Set<String>?, source: SourceDefinitions?) -> Snapshot {
        Snapshot(unleash: document, program: program, source: source)
    }

    // MARK: Helpers

    static func lowering(_ options: CompileOptions) -> UnleashLoweringOptions {
        UnleashLoweringOptions(hostname: options.unleashHostname, now: options.now,
                               customStrategies: options.externalConditions)
    }

    /// The decimal id of a segment object, when it has an integer one.
    static func segmentKey(of segment: JSONValue) -> String? {
        guard case .number(let n)? = segment.objectValue?["id"], let id = JSONValue.exactInt64(n) else { return nil }
        return String(id)
    }

    /// The features that depend on one of `names`.
    private static func dependents(of names: Set<String>, in document: UnleashDocument) -> Set<String> {
        var found: Set<String> = []
        guard !names.isEmpty else { return found }
        for i in document.features.indices where document.features[i].dependencies.contains(where: { names.contains($0.feature) }) {
            found.insert(document.features[i].name)
        }
        return found
    }

    /// Puts `item` where the first element matching sat (appended when none did), every matching
    /// element removed; only removes them when `item` is `nil`.
    private static func replace<Item>(in list: inout [Item], _ item: Item?, where matches: (Item) -> Bool) {
        let first = list.firstIndex(where: matches)
        list.removeAll(where: matches)
        guard let item else { return }
        list.insert(item, at: min(first ?? list.count, list.count))
    }
}
