#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// The last good definitions on disk, so that a restarted client is ready before its source answers.
struct PersistentCache: Sendable {
    let configuration: CacheConfiguration
    let logger: Logger
    /// Cache files larger than this are ignored.
    let maxBytes: Int

    /// The cached document's bytes; `nil` when there is none or it cannot be read (with a warning).
    func load() -> [UInt8]? {
        let path = configuration.filePath
        do {
            return try FileIO.read(path, maxBytes: maxBytes)
        } catch where error.code == ENOENT {
            logger.debug("no definitions cache yet", metadata: ["path": "\(path)"])
            return nil
        } catch {
            logger.warning("ignoring unreadable definitions cache", metadata: ["path": "\(path)", "error": "\(error)"])
            return nil
        }
    }

    /// Writes `bytes` atomically; a failure is logged and otherwise ignored (the cache is an optimisation).
    func store(_ bytes: [UInt8]) {
        do {
            try FileIO.createDirectories(configuration.directory)
            try FileIO.writeAtomically(bytes, to: configuration.filePath)
        } catch {
            logger.warning("could not write the definitions cache", metadata: ["error": "\(error)"])
        }
    }
}
