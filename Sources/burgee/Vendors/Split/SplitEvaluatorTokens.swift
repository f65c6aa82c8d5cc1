import BurgeeCore
import BurgeeServer

/// `burgee serve --evaluator-auth-token`: the tokens of the Split Evaluator REST API, in Split mode.
enum SplitEvaluatorTokens: CredentialSpec {
    static let option = "evaluator-auth-token"
    static let help = "With Split definitions: require this token (repeatable, or comma-separated) in the Authorization header of the Split Evaluator REST API (/client, /manager, /admin), as SPLIT_EVALUATOR_AUTH_TOKEN."
    static let valueName = "token"
    static let format: DefinitionsFormat = .split
    static var setting: WritableKeyPath<DefinitionsServerConfiguration, [String]> { \.splitEvaluatorTokens }
}
