import BurgeeCore
import BurgeeRedis

/// Split's Redis layout read into a Split document (`{"ff":…,"rbs":…,"segments":…}`, the format
/// Burgee reads) and written from one, as Split's Synchronizer writes it.
enum SplitRedisLayout {
    /// Why a store's contents cannot be read or a document written.
    struct LayoutError: Error, CustomStringConvertible {
        var description: String
    }

    /// Everything the store holds, as a Split document; `nil` when it holds no change number
    /// (nothing was synchronized yet). Not one transaction (`SCAN` cannot be in one): a write
    /// during the read may be seen in part; the next read sees it whole.
    static func read(_ store: SplitRedisStore, redis: RedisClient, limits: JSONLimits) async throws -> JSONValue? {
        let tills = try await redis.pipeline([RESPCommand("GET", store.flagsTillKey), RESPCommand("GET", store.ruleBasedTillKey)])
        guard let flagsTill = tills[0].string.flatMap({ Int64($0) }) else {
            if case .null = tills[0] { return nil }
            throw LayoutError(description: "\(store.flagsTillKey) is not a change number: \(tills[0])")
        }
        let ruleBasedTill = tills[1].string.flatMap { Int64($0) } ?? -1
        let flags = try await items(under: store.flagPrefix, redis: redis, limits: limits)
        let ruleBased = try await items(under: store.ruleBasedPrefix, redis: redis, limits: limits)
        let segmentKeys = try await redis.scan(matching: glob(store.segmentPrefix))
            .map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.hasSuffix(".till") }
            .sorted()
        var segments: [String: JSONValue] = [:]
        if !segmentKeys.isEmpty {
            let members = try await redis.pipeline(segmentKeys.map { RESPCommand("SMEMBERS", $0) })
            for (key, reply) in zip(segmentKeys, members) {
                guard let elements = reply.elements else { throw LayoutError(description: "\(key) is not a set: \(reply)") }
                let keys = elements.compactMap(\.string).sorted()
                segments[String(key.dropFirst(store.segmentPrefix.count))] = .array(keys.map { .string($0) })
            }
        }
        return .object([
            "ff": .object(["d": .array(flags), "s": .number(-1), "t": .number(Double(flagsTill))]),
            "rbs": .object(["d": .array(ruleBased), "s": .number(-1), "t": .number(Double(ruleBasedTill))]),
            "segments": .object(segments),
        ])
    }

    /// The JSON objects at every key under `prefix`, in key order.
    private static func items(under prefix: String, redis: RedisClient, limits: JSONLimits) async throws -> [JSONValue] {
        let keys = try await redis.scan(matching: glob(prefix)).sorted { $0.lexicographicallyPrecedes($1) }
        guard !keys.isEmpty else { return [] }
        let reply = try await redis.send(RESPCommand(arguments: [Array("MGET".utf8)] + keys))
        guard let values = reply.elements, values.count == keys.count else {
            throw LayoutError(description: "MGET answered \(reply)")
        }
        var items: [JSONValue] = []
        for (key, value) in zip(keys, values) {
            guard let bytes = value.bytes else { continue }  // deleted since the scan
            let name = String(decoding: key, as: UTF8.self)
            do {
                let item = try JSONParser(limits: limits).parse(bytes)
                guard case .object = item else { throw LayoutError(description: "\(name) is not a JSON object") }
                items.append(item)
            } catch let error as LayoutError {
                throw error
            } catch {
                throw LayoutError(description: "\(name): \(error)")
            }
        }
        return items
    }

    /// A `SCAN` pattern matching every key that starts with `prefix` (its glob characters escaped).
    static func glob(_ prefix: String) -> String {
        var pattern = ""
        for character in prefix {
            if "*?[]\\".contains(character) { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "*"
    }

    /// The commands replacing the store's contents with `document` (spec 1.3 or 1.1, segments as
    /// key lists or `segmentChanges` bodies), given the keys the store holds now (`existing`, from
    /// ``existingKeys(_:redis:)``): what the document no longer has is deleted. Flags that are not
    /// `ACTIVE` are left out, as the Synchronizer removes archived flags.
    static func writeCommands(_ document: JSONValue, store: SplitRedisStore, existing: Set<String>) throws(LayoutError)
        -> [RESPCommand]
    {
        guard case .object(let members) = document else { throw LayoutError(description: "not a Split document") }
        let flags: [JSONValue]
        let till: JSONValue
        if case .object(let ff)? = members["ff"], case .array(let d)? = ff["d"] {
            flags = d
            till = ff["t"] ?? .number(-1)
        } else if case .array(let splits)? = members["splits"] {
            flags = splits
            till = members["till"] ?? .number(-1)
        } else {
            throw LayoutError(description: #"not a Split document: no "ff" nor "splits""#)
        }
        var ruleBased: [JSONValue] = []
        var ruleBasedTill = JSONValue.number(-1)
        if case .object(let rbs)? = members["rbs"] {
            if case .array(let d)? = rbs["d"] { ruleBased = d }
            ruleBasedTill = rbs["t"] ?? .number(-1)
        }
        var written = Set<String>()
        var commands: [RESPCommand] = []
        var flagSets: [String: [String]] = [:]
        var trafficTypes: [String: Int] = [:]
        for flag in flags {
            guard case .object(let f) = flag, case .string(let name)? = f["name"] else {
                throw LayoutError(description: "a flag without a name")
            }
            if case .string(let status)? = f["status"], status != "ACTIVE" { continue }
            let key = store.flagPrefix + name
            commands.append(RESPCommand("SET", key, flag.serialized()))
            written.insert(key)
            if case .string(let type)? = f["trafficTypeName"] { trafficTypes[type, default: 0] += 1 }
            if case .array(let sets)? = f["sets"] {
                for case .string(let set) in sets { flagSets[set, default: []].append(name) }
            }
        }
        for segment in ruleBased {
            guard case .object(let s) = segment, case .string(let name)? = s["name"] else {
                throw LayoutError(description: "a rule-based segment without a name")
            }
            if case .string(let status)? = s["status"], status != "ACTIVE" { continue }
            let key = store.ruleBasedPrefix + name
            commands.append(RESPCommand("SET", key, segment.serialized()))
            written.insert(key)
        }
        for (set, names) in flagSets.sorted(by: { $0.key < $1.key }) {
            let key = store.flagSetPrefix + set
            commands.append(RESPCommand("DEL", key))
            commands.append(RESPCommand(arguments: [Array("SADD".utf8), Array(key.utf8)] + names.map { Array($0.utf8) }))
            written.insert(key)
        }
        for (type, count) in trafficTypes.sorted(by: { $0.key < $1.key }) {
            let key = store.trafficTypePrefix + type
            commands.append(RESPCommand("SET", key, String(count)))
            written.insert(key)
        }
        if case .object(let segments)? = members["segments"] {
            for (name, value) in segments.sorted(by: { $0.key < $1.key }) {
                let key = store.segmentPrefix + name
                commands.append(RESPCommand("DEL", key))
                let keys = try segmentMembers(value, name: name)
                if !keys.isEmpty {
                    commands.append(RESPCommand(arguments: [Array("SADD".utf8), Array(key.utf8)] + keys.map { Array($0.utf8) }))
                }
                commands.append(RESPCommand("SET", key + ".till", "-1"))
                written.insert(key)
                written.insert(key + ".till")
            }
        }
        let stale = existing.subtracting(written).sorted()
        if !stale.isEmpty { commands.insert(RESPCommand(arguments: [Array("DEL".utf8)] + stale.map { Array($0.utf8) }), at: 0) }
        commands.append(RESPCommand("SET", store.ruleBasedTillKey, ruleBasedTill.serialized()))
        commands.append(RESPCommand("SET", store.flagsTillKey, till.serialized()))
        return commands
    }

    /// The keys of flags, rule-based segments, segments, flag sets and traffic types the store holds.
    static func existingKeys(_ store: SplitRedisStore, redis: RedisClient) async throws -> Set<String> {
        var keys = Set<String>()
        for prefix in [store.flagPrefix, store.ruleBasedPrefix, store.segmentPrefix, store.flagSetPrefix, store.trafficTypePrefix] {
            for key in try await redis.scan(matching: glob(prefix)) { keys.insert(String(decoding: key, as: UTF8.self)) }
        }
        return keys
    }

    /// A segment's keys: a list of keys, or `segmentChanges` bodies applied in order.
    private static func segmentMembers(_ value: JSONValue, name: String) throws(LayoutError) -> [String] {
        var bodies: [[String: JSONValue]] = []
        switch value {
        case .object(let body):
            bodies = [body]
        case .array(let elements) where !elements.isEmpty && elements.allSatisfy({ $0.objectValue != nil }):
            bodies = elements.compactMap(\.objectValue)
        case .array(let elements):
            var keys: [String] = []
            for element in elements {
                guard case .string(let key) = element else { throw LayoutError(description: "segment \(name): a key that is not a string") }
                keys.append(key)
            }
            return Array(Set(keys)).sorted()
        default:
            throw LayoutError(description: "segment \(name): neither keys nor segmentChanges bodies")
        }
        var members = Set<String>()
        for body in bodies {
            if case .array(let added)? = body["added"] { for case .string(let key) in added { members.insert(key) } }
            if case .array(let removed)? = body["removed"] { for case .string(let key) in removed { members.remove(key) } }
        }
        return members.sorted()
    }
}
