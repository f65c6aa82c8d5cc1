/// A Split feature flag (`ff.d[]` of `/splitChanges`), read as Split's SDKs read one: `name`,
/// `seed`, `killed`, `defaultTreatment`, `trafficTypeName`, `status`, `changeNumber` and
/// `conditions` are required; a status other than `ACTIVE` is a deletion; a traffic allocation
/// that is absent or outside 0–100 is 100; an `algo` other than 2 is the legacy hash; a matcher
/// of a type they do not know replaces the conditions by one that serves `control`.
package struct SplitFlag: Sendable, Equatable {
    package var name: String
    package var trafficTypeName: String
    package var changeNumber: Int64
    /// `status` is `ACTIVE`: anything else is a deletion.
    package var isActive: Bool
    package var killed: Bool
    package var defaultTreatment: String
    package var seed: Int32
    package var trafficAllocation: Double
    /// `nil` when absent: a key that reaches the allocation check then fails as in Split's SDKs.
    package var trafficAllocationSeed: Int32?
    /// `algo` 2: murmur3; anything else: the legacy hash.
    package var usesMurmur: Bool
    package var conditions: [SplitCondition]
    /// Whether the conditions were replaced because of an unsupported matcher.
    package var hasUnsupportedMatcher: Bool
    /// `configurations`: treatment to JSON text (`null` entries left out).
    package var configurations: [String: String]
    package var sets: [String]
    package var impressionsDisabled: Bool
    /// `prerequisites`: flag name and the treatments it must give.
    package var prerequisites: [(flag: String, treatments: [String])]
    /// The flag as it arrived, for change detection.
    package var json: JSONValue
    package var path: JSONPointer

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let m = try r.object(json)
        self.json = json
        path = r.path
        name = try r.at("name").string(try r.required(m, "name"))
        seed = Int32(truncatingIfNeeded: try r.at("seed").integer(try r.required(m, "seed")))
        killed = RefusingReader.truth(try r.required(m, "killed"))
        defaultTreatment = try r.at("defaultTreatment").string(try r.required(m, "defaultTreatment"))
        let trafficType = try r.required(m, "trafficTypeName")
        trafficTypeName = trafficType.stringValue ?? ""
        isActive = try r.required(m, "status") == .string("ACTIVE")
        changeNumber = try r.at("changeNumber").integer(try r.required(m, "changeNumber"))
        (conditions, hasUnsupportedMatcher) = try SplitCondition.list(try r.required(m, "conditions"), r.at("conditions"))
        let allocation = m["trafficAllocation"]?.numberValue
        trafficAllocation = allocation.flatMap { $0 >= 0 && $0 <= 100 ? $0 : nil } ?? 100
        trafficAllocationSeed = m["trafficAllocationSeed"]?.int64Value.map { Int32(truncatingIfNeeded: $0) }
        usesMurmur = m["algo"]?.numberValue == 2
        var configurations: [String: String] = [:]
        if case .object(let configs)? = m["configurations"] {
            for (treatment, config) in configs {
                if case .string(let text) = config { configurations[treatment] = text }
            }
        }
        self.configurations = configurations
        sets = (m["sets"]?.arrayValue ?? []).compactMap(\.stringValue)
        impressionsDisabled = RefusingReader.truth(m["impressionsDisabled"])
        var prerequisites: [(flag: String, treatments: [String])] = []
        if let list = m["prerequisites"], !list.isNull {
            let pr = r.at("prerequisites")
            for (i, item) in try pr.array(list).enumerated() {
                let ir = pr.at(i)
                let p = try ir.object(item)
                let flag = try ir.at("n").string(try ir.required(p, "n"))
                let treatments = try ir.at("ts").array(try ir.required(p, "ts")).compactMap(\.stringValue)
                prerequisites.append((flag, treatments))
            }
        }
        self.prerequisites = prerequisites
    }

    package static func == (a: SplitFlag, b: SplitFlag) -> Bool {
        a.json == b.json && a.path == b.path
    }
}
