import ArgumentParser
import BurgeeCore
import BurgeeUnleash

/// `burgee eval --custom-strategies`: the custom strategies Unleash toggles are evaluated with.
struct UnleashEvalOptions: EvalOptionGroup {
    @Option(name: .customLong("custom-strategies"),
            help: "Unleash custom strategies to register: test-catalogue (the differential test's fixed set).")
    var customStrategies: String?

    func check() throws {
        if let customStrategies, customStrategies != "test-catalogue" {
            throw ValidationError("--custom-strategies is test-catalogue, not '\(customStrategies)'")
        }
    }

    func apply(to options: inout CompileOptions) {
        guard customStrategies != nil else { return }
        options.unleash.customStrategies = UnleashTestStrategies.catalogue
    }
}
