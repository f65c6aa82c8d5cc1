import BurgeeCore

/// Where Burgee's own layout keeps a document in Redis, for formats whose vendor has no Redis
/// layout of its own: one hash per document and a channel announcing each new one, so that a
/// fleet of clients follows one writer (`burgee serve --store`) as soon as it writes.
///
/// ```swift
/// let store = try DefinitionsRedisStore(url: "redis://redis.internal:6379", prefix: "checkout")
/// let client = try BurgeeClient(configuration: .init(source: .redis(store)))  // import Burgee
/// ```
///
/// The layout, for a prefix `P`: the hash `P:definitions` holds the document's bytes (`document`),
/// its `etag` and its format's name (`format`); each write replaces it in one transaction that
/// also publishes the new `etag` on the channel `P:changes`.
public struct DefinitionsRedisStore: Sendable, Hashable {
    /// The prefix when none is given.
    public static let defaultPrefix = "burgee"

    /// The Redis server and database.
    public var redis: RedisConfiguration
    /// The prefix of the keys and the channel.
    public var prefix: String

    /// A store at `redis` under `prefix`.
    public init(redis: RedisConfiguration, prefix: String = defaultPrefix) {
        self.redis = redis
        self.prefix = prefix.isEmpty ? Self.defaultPrefix : prefix
    }

    /// A store at a `redis://[[user]:password@]host[:port][/database]` URL under `prefix`.
    public init(url: String, prefix: String = defaultPrefix) throws(RedisError) {
        self.init(redis: try RedisConfiguration(url: url), prefix: prefix)
    }

    /// The hash holding the document.
    package var definitionsKey: String { prefix + ":definitions" }
    /// The channel announcing each new document.
    package var changesChannel: String { prefix + ":changes" }
}

extension DefinitionsRedisStore {
    /// A document as the store holds it.
    public struct Stored: Sendable, Equatable {
        /// The document's bytes.
        public var document: [UInt8]
        /// Its ETag, as the writer gave it.
        public var etag: String
        /// Its format, when the writer named a registered one.
        public var format: DefinitionsFormat?
    }

    /// Why the store's contents cannot be read.
    package struct ReadError: Error, CustomStringConvertible {
        package var description: String
    }

    /// The command reading the document (`HMGET` of its fields).
    package var readCommand: RESPCommand { RESPCommand("HMGET", definitionsKey, "etag", "format", "document") }

    /// The document `reply` (to ``readCommand``) holds; `nil` when the store holds none.
    package func stored(_ reply: RESPValue) throws(ReadError) -> Stored? {
        guard let fields = reply.elements, fields.count == 3 else {
            throw ReadError(description: "\(definitionsKey): an unexpected reply \(reply)")
        }
        if fields.allSatisfy({ $0 == .null }) { return nil }
        guard let etag = fields[0].string, let document = fields[2].bytes else {
            throw ReadError(description: "\(definitionsKey) lacks its etag or document")
        }
        return Stored(document: document, etag: etag, format: fields[1].string.flatMap { DefinitionsFormat(argument: $0) })
    }

    /// Reads the document once; `nil` when the store holds none.
    /// - Throws: `RedisError` when Redis cannot be read, or why its key does not hold a document.
    public func read() async throws -> Stored? {
        let reply = try await RedisClient.with(redis) { redis in try await redis.send(readCommand) }
        return try stored(reply)
    }

    /// Replaces the document and announces it, in one transaction: what `burgee serve --store`
    /// does after every change, for a deployment that writes the store itself. `etag` tells
    /// documents apart (clients skip one whose ETag they hold); `format` is what clients read it as.
    /// - Throws: `RedisError` when Redis cannot be written.
    public func write(_ document: [UInt8], etag: String, format: DefinitionsFormat) async throws {
        let commands = writeCommands(document, etag: etag, format: format)
        _ = try await RedisClient.with(redis) { redis in try await redis.transaction(commands) }
    }

    /// The commands of a write, for one transaction: the hash replaced, the ETag published after.
    func writeCommands(_ document: [UInt8], etag: String, format: DefinitionsFormat) -> [RESPCommand] {
        [RESPCommand("DEL", definitionsKey),
         RESPCommand(arguments: [Array("HSET".utf8), Array(definitionsKey.utf8), Array("format".utf8), Array(format.name.utf8),
                                 Array("etag".utf8), Array(etag.utf8), Array("document".utf8), document]),
         RESPCommand("PUBLISH", changesChannel, etag)]
    }
}
