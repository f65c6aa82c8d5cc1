import ArgumentParser
import BurgeeCore

/// `burgee eval --split-impressions-mode`: which impressions Split's events carry with `--events`.
struct SplitEvalOptions: EvalOptionGroup {
    @Option(name: .customLong("split-impressions-mode"),
            help: "With --events and Split's definitions: optimized (the default), debug or none.")
    var splitImpressionsMode: String?

    func check() throws {
        if let mode = splitImpressionsMode, !["optimized", "debug", "none"].contains(mode.lowercased()) {
            throw ValidationError("--split-impressions-mode is optimized, debug or none, not '\(mode)'")
        }
    }

    func apply(to options: inout CompileOptions) {}

    func apply(to options: inout EventsEvalOptions) {
        options.splitImpressionsMode = splitImpressionsMode
    }
}
