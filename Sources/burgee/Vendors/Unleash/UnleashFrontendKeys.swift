import BurgeeCore
import BurgeeServer

/// `burgee serve --frontend-key`: the keys of Unleash's frontend API, in Unleash mode.
enum UnleashFrontendKeys: CredentialSpec {
    static let option = "frontend-key"
    static let help = "With Unleash definitions: require this key (repeatable, or comma-separated) in the Authorization header of the frontend API (/api/frontend, /api/proxy, /proxy); the --sdk-key is refused there."
    static let valueName = "key"
    static let format: DefinitionsFormat = .unleash
    static var setting: WritableKeyPath<DefinitionsServerConfiguration, [String]> { \.frontendKeys }
}
