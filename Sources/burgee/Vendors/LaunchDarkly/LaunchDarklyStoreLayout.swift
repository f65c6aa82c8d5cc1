import Burgee
import BurgeeCore
import BurgeeLaunchDarkly
import Logging

/// LaunchDarkly's persistent feature store (`{prefix}:features`, `{prefix}:segments`,
/// `{prefix}:$inited`), as its SDKs in daemon mode read it and its Relay Proxy writes it, and the
/// big segments the Relay Proxy writes beside it, which evaluations read.
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

    /// Big segments read from the same store, its status polled once before evaluating.
    static func prepare(_ options: inout CompileOptions, url: String, prefix: String) async {
        guard let store = try? LaunchDarklyRedisStore(url: url, prefix: prefix) else { return }
        let manager = LaunchDarklyBigSegmentsManager(LaunchDarklyBigSegments(store: store))
        await manager.start(elapsed: Self.elapsed, events: .system, logger: Logger(label: "burgee"))
        options.segmentMemberships = manager
    }

    private static let started = ContinuousClock.now
    private static let elapsed: @Sendable () -> Duration = { started.duration(to: .now) }
}
