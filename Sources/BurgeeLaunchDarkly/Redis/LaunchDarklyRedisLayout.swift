import BurgeeCore
import BurgeeRedis

/// LaunchDarkly's feature store layout in Redis, read into and written from the document Burgee's
/// LaunchDarkly format reads (`{"flags": {…}, "segments": {…}}`, as `/sdk/latest-all` serves it).
enum LaunchDarklyRedisLayout {
    /// The commands reading the whole store, run as one transaction so that flags and segments
    /// are read from the same moment: whether it is initialized, its flags, its segments.
    static func readCommands(_ store: LaunchDarklyRedisStore) -> [RESPCommand] {
        [RESPCommand("EXISTS", store.initedKey), RESPCommand("HGETALL", store.featuresKey),
         RESPCommand("HGETALL", store.segmentsKey)]
    }

    /// What the store held: its document (tombstones left out) and whether `$inited` was set.
    struct Contents {
        var document: [UInt8]
        var initialized: Bool
        var flags: Int
        var segments: Int
    }

    /// Why the store's contents cannot be read.
    enum ReadError: Error, CustomStringConvertible {
        case wrongType(String, RESPValue)
        case item(hash: String, field: String, JSONParseError)
        case notAnItem(hash: String, field: String)
        case notADocument

        var description: String {
            switch self {
            case .wrongType(let key, let reply): "\(key) is not a hash (\(reply))"
            case .item(let hash, let field, let error): "\(hash) \(field): \(error)"
            case .notAnItem(let hash, let field): "\(hash) \(field): not a JSON object"
            case .notADocument: "not LaunchDarkly flag data ({\"flags\": …, \"segments\": …})"
            }
        }
    }

    /// The document the replies of ``readCommands(_:)`` describe.
    static func contents(_ replies: [RESPValue], store: LaunchDarklyRedisStore, limits: JSONLimits) throws(ReadError)
        -> Contents
    {
        let initialized = if case .integer(let count) = replies[0] { count > 0 } else { false }
        let flags = try items(replies[1], hash: store.featuresKey, limits: limits)
        let segments = try items(replies[2], hash: store.segmentsKey, limits: limits)
        let document = JSONValue.object(["flags": .object(flags), "segments": .object(segments)])
        return Contents(document: Array(document.serialized().utf8), initialized: initialized,
                        flags: flags.count, segments: segments.count)
    }

    /// The live items of a hash read with `HGETALL` (a RESP2 array of fields and values, or a
    /// RESP3 map); a tombstone is left out, as LaunchDarkly's SDKs leave it out.
    private static func items(_ reply: RESPValue, hash: String, limits: JSONLimits) throws(ReadError)
        -> [String: JSONValue]
    {
        var pairs: [(RESPValue, RESPValue)] = []
        switch reply {
        case .array(let elements) where elements.count % 2 == 0:
            var index = 0
            while index < elements.count {
                pairs.append((elements[index], elements[index + 1]))
                index += 2
            }
        case .map(let map):
            pairs = map.map { ($0.key, $0.value) }
        case .null:
            break
        default:
            throw .wrongType(hash, reply)
        }
        var items: [String: JSONValue] = [:]
        for (field, value) in pairs {
            guard let key = field.string, let bytes = value.bytes else { throw .wrongType(hash, reply) }
            let item: JSONValue
            do { item = try JSONParser(limits: limits).parse(bytes) } catch { throw .item(hash: hash, field: key, error) }
            guard case .object(let members) = item else { throw .notAnItem(hash: hash, field: key) }
            if case .bool(true)? = members["deleted"] { continue }
            items[key] = item
        }
        return items
    }

    /// The commands replacing the store's contents with `document`, for one transaction: both
    /// hashes emptied and filled (segments first, as LaunchDarkly writes them), then `$inited`.
    /// `document` is flag data or a stream `put` (`{"path":"/","data":{…}}`); `nil` when it is neither.
    static func writeCommands(_ document: JSONValue, store: LaunchDarklyRedisStore) -> [RESPCommand]? {
        guard case .object(var members) = document else { return nil }
        if members["flags"] == nil, members["segments"] == nil {
            guard case .object(let data)? = members["data"] else { return nil }
            members = data
        }
        var commands: [RESPCommand] = []
        for (name, key) in [("segments", store.segmentsKey), ("flags", store.featuresKey)] {
            commands.append(RESPCommand("DEL", key))
            guard case .object(let items)? = members[name], !items.isEmpty else { continue }
            var arguments = [Array("HSET".utf8), Array(key.utf8)]
            for (itemKey, item) in items.sorted(by: { $0.key < $1.key }) {
                arguments.append(Array(itemKey.utf8))
                arguments.append(Array(item.serialized().utf8))
            }
            commands.append(RESPCommand(arguments: arguments))
        }
        commands.append(RESPCommand("SET", store.initedKey, ""))
        return commands
    }
}
