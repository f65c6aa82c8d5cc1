import BurgeeCore

/// A flag as Split's SDK managers describe it (`manager.split(name)`), what the Split Evaluator's
/// `/manager/split` and `/manager/splits` answer: `{"name","trafficType","killed","changeNumber",
/// "treatments","configs","sets","defaultTreatment","impressionsDisabled","prerequisites"}`.
/// `treatments` are the partitions' treatments of the first `ROLLOUT` condition (else the first
/// condition), as Split's SDKs collect them.
enum SplitManagerView {
    /// The view of an active flag's JSON as the document writes it.
    static func view(of flag: JSONValue) -> JSONValue {
        let members = flag.objectValue ?? [:]
        let conditions = members["conditions"]?.arrayValue ?? []
        let rollout = conditions.first { $0.objectValue?["conditionType"]?.stringValue == "ROLLOUT" } ?? conditions.first
        let treatments = (rollout?.objectValue?["partitions"]?.arrayValue ?? []).compactMap { $0.objectValue?["treatment"] }
        let configs = (members["configurations"]?.objectValue ?? [:]).filter { $0.value.stringValue != nil }
        let prerequisites = (members["prerequisites"]?.arrayValue ?? []).map { prerequisite -> JSONValue in
            let p = prerequisite.objectValue ?? [:]
            return ["flagName": p["n"] ?? .null, "treatments": p["ts"] ?? .array([])]
        }
        return [
            "name": members["name"] ?? .null, "trafficType": members["trafficTypeName"] ?? .null,
            "killed": .bool(members["killed"]?.boolValue ?? false), "changeNumber": members["changeNumber"] ?? .number(0),
            "treatments": .array(treatments), "configs": .object(configs),
            "sets": .array(SplitServedItems.flagSets(of: flag).sorted().map(JSONValue.string)),
            "defaultTreatment": members["defaultTreatment"] ?? "control",
            "impressionsDisabled": .bool(members["impressionsDisabled"]?.boolValue ?? false),
            "prerequisites": .array(prerequisites),
        ]
    }
}
