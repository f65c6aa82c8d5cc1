import BurgeeCore
import Testing

@Suite("the format registry")
struct FormatRegistryTests {
    /// A realistic document of each registered format, by name: a format registered without one
    /// fails ``everyFormatHasASample()``.
    static let samples: [String: String] = [
        "native": FormatDocuments.native,
        "unleash": FormatDocuments.unleash,
        "launchdarkly": FormatDocuments.launchDarkly,
        "flagd": FormatDocuments.flagdWithTargeting,
        "split": FormatDocuments.split,
        "kameleoon": FormatDocuments.kameleoon,
        "datadog": FormatDocuments.datadog,
        "eppo": FormatDocuments.eppo,
    ]

    /// Formats whose documents look like another format's: read only when given (Eppo's look
    /// like Datadog's).
    static let givenOnly: Set<String> = ["eppo"]

    @Test("the registry lists native, unleash, launchdarkly, flagd, split, kameleoon, datadog and eppo, in that order")
    func order() {
        #expect(FormatRegistry.formats == [.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon, .datadog, .eppo])
        #expect(DefinitionsFormat.allCases == FormatRegistry.formats)
        #expect(FormatRegistry.dialects.map(\.format) == FormatRegistry.formats)
    }

    @Test("every registered format's name is unique, lowercase and names it back, in any letter case")
    func names() {
        let names = DefinitionsFormat.allCases.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(!names.contains("auto"), "auto is the command line's word for detection")
        for format in DefinitionsFormat.allCases {
            #expect(format.name == format.name.lowercased())
            #expect(DefinitionsFormat(argument: format.name) == format)
            #expect(DefinitionsFormat(argument: format.name.uppercased()) == format)
            #expect(format.description == format.name)
            #expect(FormatRegistry.dialect(of: format).format == format)
            #expect(FormatRegistry.dialect(named: format.name)?.format == format)
        }
    }

    @Test("display names and expected shapes are given and distinct")
    func displayNames() {
        let formats = DefinitionsFormat.allCases
        #expect(Set(formats.map(\.displayName)).count == formats.count)
        #expect(Set(formats.map(\.expectedShape)).count == formats.count)
        #expect(formats.allSatisfy { !$0.displayName.isEmpty && $0.expectedShape.hasPrefix("an object") })
    }

    @Test("formats are equal by name, whatever else they say")
    func equality() {
        let copy = DefinitionsFormat(name: "unleash", displayName: "other", expectedShape: "other")
        #expect(copy == .unleash)
        #expect(Set([copy, .unleash]).count == 1)
        #expect(DefinitionsFormat.flagd != .launchDarkly)
    }

    @Test("every registered format has a sample")
    func everyFormatHasASample() {
        for format in DefinitionsFormat.allCases {
            #expect(Self.samples[format.name] != nil, "no sample document for \(format.name)")
        }
    }

    @Test("each registered format's sample is detected as it, read, compiled, and its cached JSON read back as it",
          arguments: DefinitionsFormat.allCases)
    func sample(_ format: DefinitionsFormat) throws {
        let text = try #require(Self.samples[format.name])
        let json = try FormatDocuments.json(text)
        let detected = !Self.givenOnly.contains(format.name)
        if detected { #expect(try DefinitionsFormat.detect(in: json) == format) }
        let definitions = try Definitions(json: json, format: detected ? nil : format)
        #expect(definitions.format == format)
        let snapshot = Snapshot(compiling: definitions)
        #expect(snapshot.format == format)
        #expect(!snapshot.flagKeys.isEmpty)
        #expect(snapshot.problems.filter { $0.severity == .error }.isEmpty, "\(snapshot.problems)")
        guard detected else { return }
        #expect(try DefinitionsFormat.detect(in: definitions.json) == format)
        #expect(try Definitions(json: definitions.json, format: nil).format == format)
    }

    @Test("a format's setting in the compile options is its default until set, and other formats ignore it")
    func compileOptions() throws {
        var options = CompileOptions()
        #expect(options.flagd.fractionalRule == .v2)
        options.flagd = FlagdLoweringOptions(fractionalRule: .v1)
        #expect(options.flagd.fractionalRule == .v1)
        #expect(options.now == nil)
        let native = try Definitions(json: FormatDocuments.json(FormatDocuments.native), format: nil)
        #expect(Snapshot(compiling: native, flagSets: nil, options: options).flagKeys == Snapshot(compiling: native).flagKeys)
    }

    @Test("change detection compares items of one format by value, and never items of two formats")
    func sourceItems() throws {
        let flagd = Snapshot(compiling: try Definitions(json: FormatDocuments.json(FormatDocuments.flagd), format: nil))
        let again = Snapshot(compiling: try Definitions(json: FormatDocuments.json(FormatDocuments.flagd), format: nil))
        let changed = Snapshot(compiling: try Definitions(json: FormatDocuments.json(
            #"{"flags":{"f":{"state":"DISABLED","variants":{"on":true},"defaultVariant":"on"}}}"#), format: nil))
        #expect(flagd.source.sameFlag("f", as: again.source))
        #expect(!flagd.source.sameFlag("f", as: changed.source))
        #expect(flagd.source.sameFlag("absent", as: changed.source))
        let native = Snapshot(compiling: try Definitions(json: FormatDocuments.json(FormatDocuments.native), format: nil))
        #expect(native.source.sameFlag("new-checkout", as: native.source))
        #expect(!native.source.sameFlag("new-checkout", as: flagd.source))
        #expect(native.source.sameFlag("f-absent", as: flagd.source))
        #expect(!flagd.source.sameFlag("f", as: SourceDefinitions.native(DefinitionsDocument())))
    }
}

@Suite("the dialects' parts")
struct DialectPartsTests {
    /// The formats whose documents change one item at a time: their dialects are itemwise.
    static let itemwise: Set<String> = ["native", "unleash", "launchdarkly", "flagd"]

    @Test("read definitions are patchable item by item exactly when their format's dialect is itemwise",
          arguments: DefinitionsFormat.allCases)
    func patchable(_ format: DefinitionsFormat) throws {
        let text = try #require(FormatRegistryTests.samples[format.name])
        let definitions = try Definitions(json: FormatDocuments.json(text), format: format)
        #expect((definitions.patchable != nil) == Self.itemwise.contains(format.name))
        #expect((definitions.items != nil) == Self.itemwise.contains(format.name))
    }

    @Test("each registry part answers for its format as the whole dialect does", arguments: DefinitionsFormat.allCases)
    func parts(_ format: DefinitionsFormat) {
        let dialect = FormatRegistry.dialect(of: format)
        #expect(FormatRegistry.reading(of: format).format == format)
        #expect(FormatRegistry.reading(of: format).mergesDocuments == dialect.mergesDocuments)
        #expect(FormatRegistry.compiling(of: format).checksContextFirst == dialect.checksContextFirst)
        #expect(FormatRegistry.tooling(of: format).commandLineNow == dialect.commandLineNow)
    }

    @Test("every format writes its own command-line help, naming itself", arguments: DefinitionsFormat.allCases)
    func commandLineHelp(_ format: DefinitionsFormat) {
        let help = FormatRegistry.tooling(of: format).commandLineHelp
        let name = format.displayName
        #expect(help.evaluation.hasPrefix("For \(name) definitions"), "\(help.evaluation)")
        #expect(help.evaluation.hasSuffix("."))
        #expect(!help.evaluation.contains("\n"), "a paragraph is one line; the help wraps it")
        for sentence in [help.explanation, help.validation].compactMap({ $0 }) {
            #expect(sentence.hasPrefix("For \(name)"), "\(sentence)")
            #expect(sentence.hasSuffix("."))
            #expect(!sentence.contains("\n"))
        }
        if let clock = help.clock {
            #expect(clock.hasPrefix(name), "\(clock)")
            #expect(!clock.hasSuffix("."), "a clause, in a sentence of clauses")
        }
    }
}
