import BurgeeCore
import BurgeeRedis
import FoundationEssentials

/// The keys of LaunchDarkly's big segments in Redis, as its Relay Proxy writes them and its SDKs'
/// Redis integrations read them (see ``LaunchDarklyBigSegments``).
enum LaunchDarklyBigSegmentLayout {
    /// When the store was last synchronised, in Unix milliseconds.
    static func synchronizedOnKey(_ store: LaunchDarklyRedisStore) -> String {
        store.prefix + ":big_segments_synchronized_on"
    }

    /// The set of references that include the context key whose hash is `hash`.
    static func includeKey(_ store: LaunchDarklyRedisStore, hash: String) -> String {
        store.prefix + ":big_segment_include:" + hash
    }

    /// The set of references that exclude the context key whose hash is `hash`.
    static func excludeKey(_ store: LaunchDarklyRedisStore, hash: String) -> String {
        store.prefix + ":big_segment_exclude:" + hash
    }

    /// The hash under which the store lists a context key: the base64 of its UTF-8's SHA-256.
    static func hash(contextKey key: String) -> String {
        var hasher = SHA256()
        var bytes = Array(key.utf8)
        bytes.withUnsafeBytes { hasher.combine($0) }
        let w = hasher.finalize().words
        bytes = []
        for word in [w.0, w.1, w.2, w.3, w.4, w.5, w.6, w.7] {
            bytes += [UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
        }
        return Data(bytes).base64EncodedString()
    }

    /// The reference under which the store lists segment `key` of `generation` (Go's `%s.g%d`).
    static func reference(segment key: String, generation: Int64) -> String {
        key + ".g" + String(generation)
    }

    /// The segment key and generation of a reference, exactly as Go's `%s.g%d` writes them (the
    /// last `.g`, then a decimal without a `+` or leading zeros); `nil` for text no segment's
    /// reference can be, which therefore never matches.
    static func segment(ofReference reference: String) -> (key: String, generation: Int64)? {
        let bytes = Array(reference.utf8)
        var i = bytes.count - 2
        while i >= 0, !(bytes[i] == UInt8(ascii: ".") && bytes[i + 1] == UInt8(ascii: "g")) { i -= 1 }
        guard i >= 0 else { return nil }
        let digits = bytes[(i + 2)...]
        let text = String(decoding: digits, as: UTF8.self)
        guard let generation = Int64(text), String(generation) == text else { return nil }
        return (String(decoding: bytes[..<i], as: UTF8.self), generation)
    }
    /// The commands that read one context key's memberships.
    static func membershipCommands(_ store: LaunchDarklyRedisStore, contextKey: String) -> [RESPCommand] {
        let hash = hash(contextKey: contextKey)
        return [RESPCommand("SMEMBERS", includeKey(store, hash: hash)), RESPCommand("SMEMBERS", excludeKey(store, hash: hash))]
    }

    /// The memberships in the replies of ``membershipCommands(_:contextKey:)``, by segment key
    /// and generation: an included reference wins over the same one excluded; empty when the key
    /// is listed nowhere.
    static func memberships(_ replies: [RESPValue]) throws(RedisError) -> [String: [Int64: Bool]] {
        guard replies.count == 2 else { throw .unexpectedReply("SMEMBERS", .array(replies)) }
        var references: [String: [Int64: Bool]] = [:]
        for (reply, included) in [(replies[1], false), (replies[0], true)] {
            if case .error(let message) = reply { throw .server(message) }
            guard let members = reply.elements else { throw .unexpectedReply("SMEMBERS", reply) }
            for member in members {
                guard let bytes = member.bytes else { throw .unexpectedReply("SMEMBERS", reply) }
                guard let (key, generation) = segment(ofReference: String(decoding: bytes, as: UTF8.self)) else { continue }
                references[key, default: [:]][generation] = included
            }
        }
        return references
    }

    /// The synchronisation time in a `GET` reply: `nil` when never synchronised.
    static func synchronizedOn(_ reply: RESPValue) throws(RedisError) -> Int64? {
        if case .error(let message) = reply { throw .server(message) }
        if case .null = reply { return nil }
        guard let bytes = reply.bytes else { throw .unexpectedReply("GET", reply) }
        guard let millis = Int64(String(decoding: bytes, as: UTF8.self)) else { throw .unexpectedReply("GET", reply) }
        return millis
    }
}
