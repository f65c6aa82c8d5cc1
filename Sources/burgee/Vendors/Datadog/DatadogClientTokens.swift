import BurgeeCore
import BurgeeServer

/// `burgee serve --client-token`: the tokens of Datadog's client SDKs, in Datadog mode.
enum DatadogClientTokens: CredentialSpec {
    static let option = "client-token"
    static let help = "With Datadog definitions: require this client token (repeatable, or comma-separated) in the dd-client-token header of POST /precompute-assignments, and accept it as DD-API-KEY of the exposure intake."
    static let valueName = "token"
    static let format: DefinitionsFormat = .datadog
    static var setting: WritableKeyPath<DefinitionsServerConfiguration, [String]> { \.clientTokens }
}
