import ArgumentParser
import BurgeeServer

/// `burgee serve --client-token`: the tokens of Datadog's client SDKs, in Datadog mode.
struct DatadogServeOptions: ServeOptionGroup {
    @Option(name: .customLong("client-token"),
            help: ArgumentHelp("With Datadog definitions: require this client token (repeatable, or comma-separated) in the dd-client-token header of POST /precompute-assignments, and accept it as DD-API-KEY of the exposure intake.",
                               valueName: "token"))
    var clientTokens: [String] = []

    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure) {
        configuration.clientTokens = try Self.values(clientTokens, of: "--client-token", for: .datadog,
                                                     servedFormat: configuration.format)
    }
}
