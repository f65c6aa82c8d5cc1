import ArgumentParser
import BurgeeServer

/// `burgee serve --frontend-key`: the keys of Unleash's frontend API, in Unleash mode.
struct UnleashServeOptions: ServeOptionGroup {
    @Option(name: .customLong("frontend-key"),
            help: ArgumentHelp("With Unleash definitions: require this key (repeatable, or comma-separated) in the Authorization header of the frontend API (/api/frontend, /api/proxy, /proxy); the --sdk-key is refused there.",
                               valueName: "key"))
    var frontendKeys: [String] = []

    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure) {
        configuration.frontendKeys = try Self.values(frontendKeys, of: "--frontend-key", for: .unleash,
                                                     servedFormat: configuration.format)
    }
}
