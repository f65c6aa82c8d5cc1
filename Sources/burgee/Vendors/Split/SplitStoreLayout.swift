import BurgeeCore
import BurgeeSplit

/// Split's Redis layout (`SPLITIO.split.<flag>`, `SPLITIO.splits.till`, `SPLITIO.segment.<name>`,
/// …), as Split's Synchronizer writes it and its SDKs read it in consumer mode; `--store-prefix` is
/// Split's user prefix.
enum SplitStoreLayout: VendorStoreLayout {
    static let format = DefinitionsFormat.split
    static let defaultPrefix = ""

    static func read(format: DefinitionsFormat, url: String, prefix: String) async throws(CommandFailure) -> [UInt8] {
        let document: JSONValue?
        do {
            document = try await SplitRedisStore(url: url, prefix: prefix).read()
        } catch {
            throw CommandFailure("cannot read Split's store at \(url): \(error)")
        }
        guard let document else {
            throw CommandFailure("Split's store at \(url) has not been synchronized (no SPLITIO.splits.till)")
        }
        return Array(document.serialized().utf8)
    }

    static func write(_ document: [UInt8], etag: String, format: DefinitionsFormat, url: String,
                      prefix: String) async throws(CommandFailure) {
        do {
            try await SplitRedisStore(url: url, prefix: prefix).write(try JSONParser().parse(document))
        } catch {
            throw CommandFailure("cannot write Split's store at \(url): \(error)")
        }
    }
}
