/// A Kameleoon SDK configuration (the body of `GET https://sdk-config.kameleoon.eu/v3/<siteCode>`
/// for one environment), read as Kameleoon's server SDKs read it: what they cannot read refuses
/// the whole document, with the JSON path of what was wrong.
package struct KameleoonDocument: Sendable {
    package var settings: KameleoonSettings
    package var customData: [KameleoonCustomDataDefinition]
    /// By id; a later segment with the same id replaces an earlier one.
    package var segments: [Int64: KameleoonSegment]
    /// By feature key, in document order; a later flag with the same key replaces an earlier one
    /// in its place.
    package var flags: [KameleoonFlag]
    package var holdout: KameleoonExperiment?
    /// `dateModified`, Unix milliseconds: the snapshot's version.
    package var dateModified: Int64

    package init(json: JSONValue) throws(DefinitionsError) {
        let r = RefusingReader(.kameleoon, .root)
        let o = try r.object(json)
        settings = KameleoonSettings(json: o["configuration"])
        customData = []
        if case .array(let items)? = o["customData"] {
            for (i, item) in items.enumerated() {
                let ri = r.at("customData").at(i)
                let d = try ri.object(item)
                guard let indexValue = d["index"], !indexValue.isNull else { continue }
                let index = try ri.at("index").integer(indexValue)
                var id: Int64?
                if let v = d["id"], !v.isNull { id = try ri.at("id").integer(v) }
                customData.append(KameleoonCustomDataDefinition(
                    id: id, index: index, name: d["name"]?.stringValue, localOnly: RefusingReader.truth(d["localOnly"]),
                    isMappingIdentifier: RefusingReader.truth(d["isMappingIdentifier"])))
            }
        }
        segments = [:]
        if let list = o["segments"], !list.isNull {
            for (i, item) in try r.at("segments").array(list).enumerated() {
                let segment = try KameleoonSegment(json: item, r.at("segments").at(i))
                segments[segment.id] = segment
            }
        }
        flags = []
        var positions: [String: Int] = [:]
        if let list = o["featureFlags"], !list.isNull {
            for (i, item) in try r.at("featureFlags").array(list).enumerated() {
                let flag = try KameleoonFlag(json: item, r.at("featureFlags").at(i))
                if let p = positions[flag.featureKey] { flags[p] = flag } else {
                    positions[flag.featureKey] = flags.count
                    flags.append(flag)
                }
            }
        }
        if let h = o["holdout"] {
            holdout = try KameleoonExperiment(json: try r.at("holdout").object(h), r.at("holdout"))
        }
        dateModified = 0
        if let v = o["dateModified"], let n = v.numberValue, let i = JSONValue.exactInt64(n.rounded(.towardZero)) { dateModified = i }
    }

    /// The custom data index for an id (`bucketingCustomDataId`).
    package func customDataIndex(id: Int64) -> Int64? {
        customData.last { $0.id == id }?.index
    }

    /// The custom data index for a name (`addData` by name).
    package func customDataIndex(name: String) -> Int64? {
        customData.last { $0.name == name }?.index
    }

    /// The index of the custom data that links a visitor to a known user, if any.
    package var mappingIdentifierIndex: Int64? {
        customData.last { $0.isMappingIdentifier }?.index
    }

    /// The flag with `key`.
    package func flag(_ key: String) -> KameleoonFlag? {
        flags.first { $0.featureKey == key }
    }

    /// The flags of a mutually exclusive group, sorted by id (stably, as Kameleoon's Python SDK sorts).
    package func group(_ name: String) -> [KameleoonFlag] {
        flags.filter { $0.mutuallyExclusiveGroup == name }.enumerated()
            .sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
    }
}
