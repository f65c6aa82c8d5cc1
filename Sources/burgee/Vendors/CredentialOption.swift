import ArgumentParser
import BurgeeCore
import BurgeeServer

/// A repeatable credential of `burgee serve` that one format's client routes read (Unleash's
/// frontend keys, Datadog's client tokens, the Split Evaluator's auth tokens), described by the
/// format in its folder.
protocol CredentialSpec {
    /// The option's name, without its dashes.
    static var option: String { get }
    /// The option's help.
    static var help: String { get }
    /// What one value is called in the help (`key`, `token`).
    static var valueName: String { get }
    /// The format whose routes read it.
    static var format: DefinitionsFormat { get }
    /// Where its values go in the server's configuration.
    static var setting: WritableKeyPath<DefinitionsServerConfiguration, [String]> { get }
}

/// The option a ``CredentialSpec`` describes, as a group of `burgee serve`'s options: values
/// repeated or comma-separated, refused for another format or when one is empty.
struct CredentialOption<Spec: CredentialSpec>: ServeOptionGroup {
    @Option(name: .customLong(Spec.option), help: ArgumentHelp(Spec.help, valueName: Spec.valueName))
    var values: [String] = []

    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure) {
        configuration[keyPath: Spec.setting] = try Self.values(values, of: "--" + Spec.option, for: Spec.format,
                                                               servedFormat: configuration.format)
    }
}
