/// A UFC flag (docs/datadog.md, "The UFC document"): typed variations, allocations in order.
///
/// What rejects a flag depends on the vendor. Datadog rejects it whole for any part it cannot
/// use: a member of the wrong type, a value not of the flag's type, a split naming no variation,
/// a condition it cannot compile, a shard without `totalShards`. Eppo rejects it for structural
/// errors only (a value that is `null`, a list or an object among them); a condition it cannot use
/// is false, and a scalar value of the wrong type or a variation it does not have fails the
/// evaluation that serves it (``UFCVariation/problem``, ``UFCSplit/variationExists``).
package struct UFCFlag: Sendable {
    package var key: String
    package var path: JSONPointer
    package var enabled: Bool
    package var variationType: UFCVariationType
    /// In document order (sorted by map key: a JSON object has no order here).
    package var variations: [UFCVariation]
    package var allocations: [UFCAllocation]

    package init(json: JSONValue, key: String, at path: JSONPointer, vendor: UFCVendor) throws(UFCProblem) {
        let r = UFCReader(path)
        let members = try r.object(json, as: .flag(vendor))
        self.key = key
        self.path = path
        _ = try r.at("key").string(members["key"])
        enabled = try r.at("enabled").bool(members["enabled"])
        let typeName = try r.at("variationType").string(members["variationType"])
        guard let type = UFCVariationType(rawValue: typeName) else {
            throw r.at("variationType").problem("unknown variation type '\(typeName)'")
        }
        variationType = type
        var flagShards: UInt32? = nil
        if vendor == .eppo {
            let total = try r.at("totalShards").uint32(members["totalShards"])
            guard total > 0 else { throw r.at("totalShards").problem("totalShards is 0") }
            flagShards = total
        }
        let variationsJSON = try r.at("variations").object(members["variations"])
        var variations: [UFCVariation] = []
        // Datadog reads the whole flag before it looks at values and at the variations splits name.
        var unusable: UFCProblem? = nil
        for name in variationsJSON.keys.sorted() {
            let vr = r.at("variations").at(name)
            let v = try vr.object(variationsJSON[name], as: .variation)
            let variationKey = try vr.at("key").string(v["key"])
            guard let raw = v["value"] else { throw vr.at("value").problem("required member 'value' is missing") }
            if vendor == .eppo {
                // Eppo reads a value as a string, a number or a boolean: anything else fails the
                // whole flag, served or not.
                switch raw {
                case .null, .array, .object: throw vr.at("value").problem("\(raw.typeName) is not a string, a number or a boolean")
                case .string, .number, .bool: break
                }
            }
            switch type.value(raw, vendor) {
            case .success(let value):
                variations.append(UFCVariation(key: variationKey, value: value, problem: nil))
            case .failure(let problem):
                if vendor == .datadog, unusable == nil {
                    unusable = UFCProblem(problem.message, at: vr.at("value").path, foundAfterEnabled: true)
                }
                variations.append(UFCVariation(key: variationKey, value: .null, problem: UFCProblem(problem.message, at: vr.at("value").path)))
            }
        }
        self.variations = variations
        let known = Set(variations.map(\.key))
        var allocations: [UFCAllocation] = []
        for (i, allocation) in try r.at("allocations").array(members["allocations"]).enumerated() {
            allocations.append(try UFCAllocation(json: allocation, r.at("allocations").at(i), vendor: vendor,
                                                 flagShards: flagShards, variations: known))
        }
        self.allocations = allocations
        if vendor == .datadog {
            if let unusable { throw unusable }
            for (i, allocation) in allocations.enumerated() {
                for (j, split) in allocation.splits.enumerated() where !split.variationExists {
                    throw UFCProblem("no variation has the key '\(split.variationKey)'",
                                     at: r.at("allocations").at(i).at("splits").at(j).at("variationKey").path, foundAfterEnabled: true)
                }
            }
        }
    }

    /// The index of the variation whose inner `key` is `key` (the last one of that key).
    package func variationIndex(_ key: String) -> Int? {
        variations.lastIndex { $0.key == key }
    }
}

/// A variation: its inner `key` (what splits name) and its value, already of the flag's type.
package struct UFCVariation: Sendable {
    package var key: String
    package var value: JSONValue
    /// Why Eppo cannot serve it (a value not of the flag's type); `nil` when it can.
    package var problem: UFCProblem?
}

/// An allocation: an optional date window, rules (any of them; none matches everyone), splits
/// in order.
package struct UFCAllocation: Sendable {
    package var key: String
    package var rules: [[UFCCondition]]
    package var startAt: Timestamp?
    package var endAt: Timestamp?
    package var splits: [UFCSplit]
    package var doLog: Bool

    init(json: JSONValue, _ r: UFCReader, vendor: UFCVendor, flagShards: UInt32?, variations: Set<String>) throws(UFCProblem) {
        let members = try r.object(json, as: .allocation)
        key = try r.at("key").string(members["key"])
        var rules: [[UFCCondition]] = []
        switch members["rules"] {
        case nil: break
        case .null? where vendor == .datadog: break
        case let list?:
            for (i, rule) in try r.at("rules").array(list).enumerated() {
                let rr = r.at("rules").at(i)
                let conditions = try rr.at("conditions").array(try rr.object(rule, as: .rule)["conditions"])
                var parsed: [UFCCondition] = []
                for (j, condition) in conditions.enumerated() {
                    parsed.append(try UFCCondition(json: condition, rr.at("conditions").at(j), vendor: vendor))
                }
                rules.append(parsed)
            }
        }
        self.rules = rules
        startAt = try r.at("startAt").instant(members["startAt"])
        endAt = try r.at("endAt").instant(members["endAt"])
        var splits: [UFCSplit] = []
        for (i, split) in try r.at("splits").array(members["splits"]).enumerated() {
            splits.append(try UFCSplit(json: split, r.at("splits").at(i), vendor: vendor, flagShards: flagShards, variations: variations))
        }
        self.splits = splits
        doLog = members["doLog"] == nil ? true : try r.at("doLog").bool(members["doLog"])
    }

    /// The reason Datadog gives a value this allocation serves (docs/datadog.md, "Reasons"): rules
    /// → `TARGETING_MATCH`; a date window with one split of no significant shard → `DEFAULT`; one
    /// split with no shards → `STATIC`; otherwise `SPLIT`.
    package var servedReason: String {
        if !rules.isEmpty { return "TARGETING_MATCH" }
        if startAt != nil || endAt != nil, splits.count == 1, !splits[0].shards.contains(where: \.isSignificant) { return "DEFAULT" }
        if splits.count == 1, splits[0].shards.isEmpty { return "STATIC" }
        return "SPLIT"
    }
}

/// A split: the variation it serves to the keys in all of its shards.
package struct UFCSplit: Sendable {
    package var variationKey: String
    /// Whether the flag has a variation of that key (Eppo serves a split naming none as an error).
    package var variationExists: Bool
    package var shards: [UFCShard]
    package var serialId: Int64?
    package var extraLogging: [String: String]

    init(json: JSONValue, _ r: UFCReader, vendor: UFCVendor, flagShards: UInt32?, variations: Set<String>) throws(UFCProblem) {
        let members = try r.object(json, as: .split(vendor))
        variationKey = try r.at("variationKey").string(members["variationKey"])
        variationExists = variations.contains(variationKey)
        var shards: [UFCShard] = []
        for (i, shard) in try r.at("shards").array(members["shards"]).enumerated() {
            shards.append(try UFCShard(json: shard, r.at("shards").at(i), vendor: vendor, flagShards: flagShards))
        }
        self.shards = shards
        serialId = nil
        extraLogging = [:]
        switch vendor {
        case .datadog:
            if let id = members["serialId"], !id.isNull {
                guard case .number(let n) = id, let i = JSONValue.exactInt64(n), i >= Int64(Int32.min), i <= Int64(Int32.max) else {
                    throw r.at("serialId").problem("expected a 32-bit integer, found \(id.serialized())")
                }
                serialId = i
            }
        case .eppo:
            if let extra = members["extraLogging"], !extra.isNull {
                for (name, value) in try r.at("extraLogging").object(extra) {
                    extraLogging[name] = try r.at("extraLogging").at(name).string(value)
                }
            }
        }
    }
}

/// A shard: the keys whose shard number (``BucketingFamily/ufcShard(salt:)``) falls in one of
/// the ranges, `start <= shard < end`.
package struct UFCShard: Sendable {
    package var salt: String
    package var ranges: [(start: UInt32, end: UInt32)]
    package var totalShards: UInt32

    init(json: JSONValue, _ r: UFCReader, vendor: UFCVendor, flagShards: UInt32?) throws(UFCProblem) {
        let members = try r.object(json, as: .shard(vendor))
        salt = try r.at("salt").string(members["salt"])
        var ranges: [(start: UInt32, end: UInt32)] = []
        for (i, range) in try r.at("ranges").array(members["ranges"]).enumerated() {
            let rr = r.at("ranges").at(i)
            let bounds = try rr.object(range, as: .range)
            ranges.append((try rr.at("start").uint32(bounds["start"]), try rr.at("end").uint32(bounds["end"])))
        }
        self.ranges = ranges
        if let flagShards {
            totalShards = flagShards
        } else {
            totalShards = try r.at("totalShards").uint32(members["totalShards"])
            guard totalShards > 0 else { throw r.at("totalShards").problem("totalShards is 0") }
        }
    }

    /// Whether the shard needs hashing: Datadog skips a shard with one range that is exactly
    /// `0..<totalShards` (it holds everyone), and then needs no targeting key.
    package var isSignificant: Bool {
        !ranges.contains { $0.start == 0 && $0.end == totalShards }
    }
}
