import ArgumentParser
import BurgeeCore
import BurgeeServer
import Logging

/// `--store` and `--store-prefix`: definitions shared through a Redis, in the format's layout
/// (``StoreLayouts``).
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A Redis holding the definitions, redis://[[user]:password@]host[:port][/database], in the layout of the format's vendor "
            + "(formats: \(StoreLayouts.names)); needs --format.", valueName: "url"))
    var store: String?

    @Option(name: .long, help: ArgumentHelp("The prefix of the store's keys (the vendor's default otherwise).", valueName: "prefix"))
    var storePrefix: String?

    /// The layout for `format`, or a usage error when the store cannot hold that format.
    func layout(for format: DefinitionsFormat?) throws -> (layout: any StoreLayout.Type, format: DefinitionsFormat)? {
        guard store != nil else {
            if storePrefix != nil { throw ValidationError("--store-prefix needs --store") }
            return nil
        }
        guard let format, let layout = StoreLayouts.of(format) else {
            throw ValidationError("--store needs --format, one of: \(StoreLayouts.names)")
        }
        return (layout, format)
    }

    /// The definitions of `format` the store holds.
    func read(_ layout: any StoreLayout.Type, format: DefinitionsFormat) async throws(CommandFailure) -> [UInt8] {
        try await layout.read(format: format, url: store!, prefix: storePrefix ?? layout.defaultPrefix)
    }

    /// Sets in `options` what evaluating the store's definitions reads from the store beyond them.
    func prepare(_ layout: any StoreLayout.Type, _ options: inout CompileOptions) async {
        await layout.prepare(&options, url: store!, prefix: storePrefix ?? layout.defaultPrefix)
    }
}

extension StoreOptions {
    /// Writes the definitions `server` serves into the store now and after every update, until
    /// cancelled; a write that fails is tried again every second. Each write replaces what the
    /// store holds in one transaction, so its readers never see half of an update.
    func mirror(_ server: DefinitionsServer, layout: any StoreLayout.Type, format: DefinitionsFormat, logger: Logger) async {
        let url = store!
        let prefix = storePrefix ?? layout.defaultPrefix
        let updates = server.definitionsUpdates()
        var iterator = updates.makeAsyncIterator()
        var written: String?
        while !Task.isCancelled {
            let etag = server.currentETag
            if etag != written {
                do {
                    try await layout.write(server.currentDocument, etag: etag, format: format, url: url, prefix: prefix)
                    written = etag
                    logger.info("wrote the definitions to the store", metadata: ["prefix": "\(prefix)", "etag": "\(etag)"])
                } catch {
                    logger.warning("\(error); trying again in a second")
                    do { try await Task.sleep(for: .seconds(1)) } catch { return }
                    continue
                }
            }
            guard await iterator.next() != nil else { return }
        }
    }
}
