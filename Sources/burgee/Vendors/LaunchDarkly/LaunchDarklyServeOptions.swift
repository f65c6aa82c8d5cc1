import ArgumentParser
import BurgeeServer

/// `burgee serve --mobile-key`, `--environment-id` and `--secure-mode`: the credentials of
/// LaunchDarkly's client-side and mobile routes, in LaunchDarkly mode.
struct LaunchDarklyServeOptions: ServeOptionGroup {
    @Option(name: .customLong("mobile-key"),
            help: ArgumentHelp("With LaunchDarkly definitions: require this mobile key (repeatable, or comma-separated) in the Authorization header of the mobile SDKs' routes (/msdk/evalx, /meval, /mobile); the --sdk-key is refused there.",
                               valueName: "key"))
    var mobileKeys: [String] = []

    @Option(name: .customLong("environment-id"),
            help: ArgumentHelp("With LaunchDarkly definitions: answer the JavaScript SDKs' routes (/sdk/evalx/{envId}, /eval/{envId}, /events/bulk/{envId}) for this client-side ID only (repeatable, or comma-separated); others get 404.",
                               valueName: "id"))
    var environmentIDs: [String] = []

    @Flag(name: .customLong("secure-mode"),
          help: "With LaunchDarkly definitions and --sdk-key: the JavaScript SDKs' evaluation routes require secure mode's h, the context's hash under the SDK key (400 otherwise).")
    var secureMode = false

    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure) {
        let keys = try Self.values(mobileKeys, of: "--mobile-key", for: .launchDarkly, servedFormat: configuration.format)
        let ids = try Self.values(environmentIDs, of: "--environment-id", for: .launchDarkly, servedFormat: configuration.format)
        if secureMode {
            guard configuration.format == .launchDarkly else {
                throw CommandFailure("--secure-mode applies to LaunchDarkly definitions only (--format launchdarkly)")
            }
            guard configuration.sdkKey != nil else {
                throw CommandFailure("--secure-mode needs --sdk-key: the hashes are computed with it")
            }
        }
        configuration.mobileKeys = keys
        configuration.environmentIDs = ids
        configuration.launchDarklySecureMode = secureMode
    }
}
