import Burgee
import BurgeeCore
import BurgeeRedis

/// Burgee's own Redis layout (`DefinitionsRedisStore` (BurgeeRedis)), for the formats whose vendors have none:
/// the document, its ETag and its format in one hash, each new one announced on a channel.
enum DefinitionsStoreLayout: StoreLayout {
    static let defaultPrefix = DefinitionsRedisStore.defaultPrefix

    static func read(format: DefinitionsFormat, url: String, prefix: String) async throws(CommandFailure) -> [UInt8] {
        let stored: DefinitionsRedisStore.Stored?
        do {
            stored = try await DefinitionsRedisStore(url: url, prefix: prefix).read()
        } catch {
            throw CommandFailure("cannot read the definitions store \(prefix) at \(url): \(error)")
        }
        guard let stored else { throw CommandFailure("the definitions store \(prefix) at \(url) holds no definitions") }
        if let held = stored.format, held != format {
            throw CommandFailure("the definitions store \(prefix) holds \(held.displayName) definitions, not \(format.displayName)")
        }
        return stored.document
    }

    static func write(_ document: [UInt8], etag: String, format: DefinitionsFormat, url: String,
                      prefix: String) async throws(CommandFailure) {
        do {
            try await DefinitionsRedisStore(url: url, prefix: prefix).write(document, etag: etag, format: format)
        } catch {
            throw CommandFailure("cannot write the definitions store \(prefix) at \(url): \(error)")
        }
    }
}
