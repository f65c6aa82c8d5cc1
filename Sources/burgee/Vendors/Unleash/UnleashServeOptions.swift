import ArgumentParser
import BurgeeServer

/// `burgee serve --frontend-key`: the keys of Unleash's frontend API, in Unleash mode.
struct UnleashServeOptions: ServeOptionGroup {
    @Option(name: .customLong("frontend-key"),
            help: ArgumentHelp("With Unleash definitions: require this key (repeatable, or comma-separated) in the Authorization header of the frontend API (/api/frontend, /api/proxy, /proxy); the --sdk-key is refused there.",
                               valueName: "key"))
    var frontendKeys: [String] = []

    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure) {
        let keys = frontendKeys.flatMap { $0.split(separator: ",").map(String.init) }
        guard !frontendKeys.isEmpty else { return }
        guard configuration.format == .unleash else {
            throw CommandFailure("--frontend-key applies to Unleash definitions only (--format unleash)")
        }
        guard !keys.isEmpty, !keys.contains(where: \.isEmpty) else {
            throw CommandFailure("--frontend-key needs a non-empty key")
        }
        configuration.frontendKeys = keys
    }
}
