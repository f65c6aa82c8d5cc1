import ArgumentParser
import BurgeeCore
import BurgeeServer

// What a format brings to the command line beyond its dialect, implemented in its folder
// `Vendors/<Vendor>/` and listed in VendorRegistry.swift: a demonstration (``Demo``), and options that
// only it reads, as a group of `burgee eval` or `burgee serve`. The commands loop over the registry
// and name no format.

/// Options of `burgee eval` that one format reads, declared by the format as a group of its own
/// and collected in ``EvalVendorOptions``.
protocol EvalOptionGroup: ParsableArguments {
    /// Refuses a value the format cannot take, as the command's own validation does.
    /// - Throws: `ValidationError`, which the command reports as a usage error.
    func check() throws

    /// Sets the format's own settings in the options the definitions are compiled with (a setting
    /// of another format is ignored when compiling).
    func apply(to options: inout CompileOptions)

    /// Sets the format's own settings of `burgee eval --events` (none by default).
    func apply(to options: inout EventsEvalOptions)
}

extension EvalOptionGroup {
    func apply(to options: inout EventsEvalOptions) {}
}

/// Options of `burgee serve` that one format reads, declared by the format as a group of its own
/// and collected in ``ServeVendorOptions``.
protocol ServeOptionGroup: ParsableArguments {
    /// Sets what the options give in the configuration of the server, whose `format` is the one
    /// served; refuses options given for another format, or whose value cannot be used.
    /// - Throws: ``CommandFailure`` saying why, which ends the command.
    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure)
}

extension ServeOptionGroup {
    /// A repeatable option's values, each split at commas: refused for another format than
    /// `format`, or when one is empty; `[]` when the option was not given.
    static func values(_ given: [String], of option: String, for format: DefinitionsFormat,
                       servedFormat: DefinitionsFormat) throws(CommandFailure) -> [String] {
        guard !given.isEmpty else { return [] }
        guard servedFormat == format else {
            throw CommandFailure("\(option) applies to \(format.displayName) definitions only (--format \(format.name))")
        }
        let values = given.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard !values.contains(where: \.isEmpty) else { throw CommandFailure("\(option) needs a non-empty value") }
        return values
    }
}

/// A layout of definitions in a shared Redis (`--store`): how `burgee eval` reads the definitions a
/// fleet shares and how `burgee serve` writes them.
protocol StoreLayout: Sendable {
    /// The key prefix when `--store-prefix` is not given.
    static var defaultPrefix: String { get }
    /// The definitions of `format` the store holds, as a document of that format.
    /// - Throws: ``CommandFailure`` saying why they cannot be read.
    static func read(format: DefinitionsFormat, url: String, prefix: String) async throws(CommandFailure) -> [UInt8]
    /// Replaces what the store holds with `document`, a document of `format` served with `etag`.
    /// - Throws: ``CommandFailure`` saying why it cannot be written.
    static func write(_ document: [UInt8], etag: String, format: DefinitionsFormat, url: String,
                      prefix: String) async throws(CommandFailure)
    /// Sets what evaluating the store's definitions needs from the store beyond them (LaunchDarkly's
    /// big segments); by default nothing.
    static func prepare(_ options: inout CompileOptions, url: String, prefix: String) async
}

extension StoreLayout {
    static func prepare(_ options: inout CompileOptions, url: String, prefix: String) async {}
}

/// A vendor's own Redis layout, for its format alone, in `Vendors/<Vendor>/`.
protocol VendorStoreLayout: StoreLayout {
    /// The format whose definitions the layout holds.
    static var format: DefinitionsFormat { get }
}
