/// The fields of a struct of a UFC flag, in the order the vendor's engine (Rust, serde) declares them.
///
/// serde reads a struct from a JSON object, or from a JSON array of its fields in declaration order,
/// where trailing fields that have a default may be left out and no element may be extra. Both
/// vendors' engines read a flag's structs that way, so Burgee does too (``UFCReader/object(_:as:)``).
struct UFCStructFields: Sendable {
    /// The fields in declaration order.
    let names: [String]
    /// How many leading fields an array must hold: the fields after them have defaults.
    let required: Int

    static let variation = UFCStructFields(names: ["key", "value"], required: 2)
    static let allocation = UFCStructFields(names: ["key", "rules", "startAt", "endAt", "splits", "doLog"], required: 5)
    static let rule = UFCStructFields(names: ["conditions"], required: 1)
    static let condition = UFCStructFields(names: ["attribute", "operator", "value"], required: 3)
    static let range = UFCStructFields(names: ["start", "end"], required: 2)

    static func flag(_ vendor: UFCVendor) -> UFCStructFields {
        switch vendor {
        case .datadog: UFCStructFields(names: ["key", "enabled", "variationType", "variations", "allocations"], required: 5)
        case .eppo: UFCStructFields(names: ["key", "enabled", "variationType", "variations", "allocations", "totalShards"], required: 6)
        }
    }

    static func split(_ vendor: UFCVendor) -> UFCStructFields {
        switch vendor {
        case .datadog: UFCStructFields(names: ["shards", "variationKey", "serialId"], required: 2)
        case .eppo: UFCStructFields(names: ["shards", "variationKey", "extraLogging"], required: 2)
        }
    }

    static func shard(_ vendor: UFCVendor) -> UFCStructFields {
        switch vendor {
        case .datadog: UFCStructFields(names: ["salt", "totalShards", "ranges"], required: 3)
        case .eppo: UFCStructFields(names: ["salt", "ranges"], required: 2)
        }
    }
}
