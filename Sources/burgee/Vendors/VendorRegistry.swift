import ArgumentParser
import BurgeeCore
import BurgeeServer

/// The demonstrations `burgee demo` runs, one line each, in the order `burgee demo --help` lists
/// them; the first is the default.
enum Demos {
    static let all: [any Demo.Type] = [
        NativeDemo.self,
        UnleashDemo.self,
        SplitDemo.self,
        KameleoonDemo.self,
        DatadogDemo.self,
    ]
}

/// The formats `burgee eval --events` evaluates through their vendor's calls, one line each.
enum EventsEvaluators {
    static let all: [any EventsEvaluator.Type] = [
        SplitEventsEvaluator.self,
        UnleashEventsEvaluator.self,
        DatadogEventsEvaluator.self,
        EppoEventsEvaluator.self,
        LaunchDarklyEventsEvaluator.self,
        KameleoonEventsEvaluator.self,
    ]

    /// The evaluator of `format`, if it has one.
    static func of(_ format: DefinitionsFormat) -> (any EventsEvaluator.Type)? {
        all.first { $0.format == format }
    }
}

/// The vendors' own Redis layouts that `--store` reads and writes, one line each; the formats
/// listed in ``burgeeLayout`` use Burgee's layout (``DefinitionsStoreLayout``).
enum StoreLayouts {
    static let vendors: [any VendorStoreLayout.Type] = [
        LaunchDarklyStoreLayout.self,
        SplitStoreLayout.self,
    ]
    /// The formats kept in Burgee's own layout, whose vendors have none.
    static let burgeeLayout: [DefinitionsFormat] = [.native, .unleash, .flagd, .kameleoon, .datadog, .eppo]

    /// The layout of `format`, if it has one.
    static func of(_ format: DefinitionsFormat) -> (any StoreLayout.Type)? {
        if let vendor = vendors.first(where: { $0.format == format }) { return vendor }
        return burgeeLayout.contains(format) ? DefinitionsStoreLayout.self : nil
    }

    /// The formats with a layout, for help and errors.
    static var names: String {
        DefinitionsFormat.allCases.filter { of($0) != nil }.map(\.name).joined(separator: ", ")
    }
}

/// `burgee eval`'s options that only one format reads: each format's own group (``EvalOptionGroup``),
/// one line each here and in ``groups``. `--help` lists them where this group is declared.
struct EvalVendorOptions: ParsableArguments {
    @OptionGroup var flagd: FlagdEvalOptions
    @OptionGroup var split: SplitEvalOptions
    @OptionGroup var unleash: UnleashEvalOptions

    private var groups: [any EvalOptionGroup] { [flagd, split, unleash] }

    /// Refuses a value a format cannot take.
    func check() throws {
        for group in groups { try group.check() }
    }

    /// Sets each format's own settings in `options`.
    func apply(to options: inout CompileOptions) {
        for group in groups { group.apply(to: &options) }
    }

    /// Sets each format's own settings of `burgee eval --events`.
    func apply(to options: inout EventsEvalOptions) {
        for group in groups { group.apply(to: &options) }
    }
}

/// `burgee serve`'s options that only one format reads: each format's own group
/// (``ServeOptionGroup``), one line each here and in ``groups``. `--help` lists them where this
/// group is declared.
struct ServeVendorOptions: ParsableArguments {
    @OptionGroup var unleash: CredentialOption<UnleashFrontendKeys>
    @OptionGroup var launchDarkly: LaunchDarklyServeOptions
    @OptionGroup var kameleoon: KameleoonServeOptions
    @OptionGroup var datadog: CredentialOption<DatadogClientTokens>
    @OptionGroup var split: CredentialOption<SplitEvaluatorTokens>

    private var groups: [any ServeOptionGroup] { [unleash, launchDarkly, kameleoon, datadog, split] }

    /// Sets what each format's options give in `configuration`, or says why they cannot be used.
    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure) {
        for group in groups { try group.configure(&configuration) }
    }
}
