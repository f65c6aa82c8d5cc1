import ArgumentParser
import BurgeeCore

/// `burgee eval --flagd-fractional`: the version of flagd's `fractional` rule that flagd
/// definitions are compiled with.
struct FlagdEvalOptions: EvalOptionGroup {
    @Option(name: .customLong("flagd-fractional"), help: "flagd's fractional rule: v2 (the default), v1 or cbor.")
    var flagdFractional: String = "v2"

    func check() throws {
        if FlagdLoweringOptions.FractionalRule(rawValue: flagdFractional) == nil {
            throw ValidationError("--flagd-fractional is v2, v1 or cbor, not '\(flagdFractional)'")
        }
    }

    func apply(to options: inout CompileOptions) {
        options.flagd = FlagdLoweringOptions(fractionalRule: FlagdLoweringOptions.FractionalRule(rawValue: flagdFractional) ?? .v2)
    }
}
