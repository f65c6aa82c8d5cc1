import BurgeeCore
import BurgeeLaunchDarkly

/// LaunchDarkly's persistent feature store (`{prefix}:features`, `{prefix}:segments`,
/// `{prefix}:$inited`), as its SDKs in daemon mode read it and its Relay Proxy writes it.
enum LaunchDarklyStoreLayout: VendorStoreLayout {
    static let format = DefinitionsFormat.launchDarkly
    static let defaultPrefix = LaunchDarklyRedisStore.defaultPrefix

    static func read(format: DefinitionsFormat, url: String, prefix: String) async throws(CommandFailure) -> [UInt8] {
        do {
            let store = try LaunchDarklyRedisStore(url: url, prefix: prefix)
            let (document, initialized) = try await store.read()
            if !initialized {
                StandardOutput.error("burgee: warning: the LaunchDarkly store \(prefix) has not been initialized ($inited is missing)")
            }
            return document
        } catch {
            throw CommandFailure("cannot read the LaunchDarkly store \(prefix) at \(url): \(error)")
        }
    }

    static func write(_ document: [UInt8], etag: String, format: DefinitionsFormat, url: String,
                      prefix: String) async throws(CommandFailure) {
        do {
            try await LaunchDarklyRedisStore(url: url, prefix: prefix).write(try JSONParser().parse(document))
        } catch {
            throw CommandFailure("cannot write the LaunchDarkly store \(prefix) at \(url): \(error)")
        }
    }
}
