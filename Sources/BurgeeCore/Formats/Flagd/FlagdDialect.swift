extension DefinitionsFormat {
    /// flagd's flag definitions (OpenFeature): `{"flags":{KEY:{"state","variants","defaultVariant"}}}`.
    public static let flagd = DefinitionsFormat(
        name: "flagd", displayName: "flagd",
        expectedShape: #"an object with "flags" whose flags have "state" and a "variants" object ({"flags":{"f":{"state":"ENABLED","variants":{…},"defaultVariant":…}}})"#)
}

/// flagd's format: recognised by flags with a `state` or a `variants` object, `$evaluators` or a
/// flagd `$schema`, read by ``FlagdDocument``, lowered by ``FlagdLowering``; contexts are
/// OpenFeature's, and results carry flagd's OpenFeature result. A document whose members but
/// `flags` are those held changes flag by flag (`FlagdDialect+Itemwise.swift`).
struct FlagdDialect: DefinitionsDialect {
    var format: DefinitionsFormat { .flagd }

    var principalMarker: String { #""flags""# }

    var flagsMember: FlagsMember { .marked(#""state" or "variants""#) }

    func hasFlagShape(_ flag: [String: JSONValue]) -> Bool {
        flag["state"]?.stringValue != nil || flag["variants"]?.objectValue != nil
    }

    func markers(in members: [String: JSONValue]) -> [String] {
        var found: [String] = []
        if members["$evaluators"] != nil { found.append(#""$evaluators""#) }
        if let schema = members["$schema"]?.stringValue, schema.lowercased().contains("flagd") {
            found.append(#"a flagd "$schema""#)
        }
        return found
    }

    /// flagd merges its sources: a flag of a later document replaces the flag of the same key,
    /// and keeps its own document's `$evaluators` and `metadata`.
    var mergesDocuments: Bool { true }

    /// One document is read as it is; several are merged (see docs/flagd.md).
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` naming the first document whose shape
    ///   shows another format.
    func merge(_ documents: [JSONValue]) throws(DefinitionsError) -> JSONValue {
        for (index, document) in documents.enumerated() {
            // A shape that says nothing (an empty `flags`) is taken as flagd's; one that says
            // another format is not merged in silently.
            if let format = try? DefinitionsFormat.detect(in: document), format != .flagd {
                throw .notOfFormat(.flagd, "document \(index + 1) has the shape of \(format.displayName) definitions")
            }
        }
        if documents.count == 1 { return documents[0] }
        return try FlagdMerge.json(merging: documents)
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> FlagdDocument {
        try FlagdDocument(json: json)
    }

    func compile(_ document: FlagdDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        Snapshot(flagd: document, options: lowering(options), flagSets: flagSets)
    }

    /// How flagd flags lower with `options`: their `fractional` rule, and a fixed clock when given.
    func lowering(_ options: CompileOptions) -> FlagdLoweringOptions {
        var lowering = options.flagd
        if let now = options.now { lowering.now = now }
        return lowering
    }

    func context(json: JSONValue) -> Context { Context(flagdJSON: json) }

    /// flagd evaluates OpenFeature's context as it is, with or without a targeting key
    /// (``Context/init(flagdJSON:)``); a targeting key that is not a string is refused.
    func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        switch members["targetingKey"] {
        case nil, .null?, .string?: return Context(flagdJSON: .object(members))
        case let other?: throw OpenFeatureContextError(.invalidContext, "'targetingKey' is \(other.typeName), not a string")
        }
    }

    /// `"flagd":{"value"?, "variant", "reason", "errorCode", "flagMetadata"}`, `value` absent (not
    /// null) when the caller's default applies.
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult? {
        let json = snapshot.flagdResult(for: detail, flag: key).json
        return VendorResult(member: "flagd", json: json, textLines: ["flagd:     \(json.serialized())"],
                            explainLine: "flagd: \(json.serialized())")
    }

    var commandLineHelp: CommandLineHelp {
        CommandLineHelp(
            evaluation: """
                For flagd definitions, contexts are OpenFeature evaluation contexts ({"targetingKey"?, …}), \
                and each result line has one more member, \
                "flagd":{"value"?, "variant", "reason", "errorCode", "flagMetadata"}; "value" is absent when \
                the caller's default applies. --definitions may be given more than once for flagd \
                documents: they are merged in order, a later document's flag replacing an earlier one's.
                """,
            explanation: """
                For flagd definitions the context is an OpenFeature evaluation context, and flagd's result \
                follows the steps.
                """,
            validation: """
                For flagd, the problems of a DISABLED flag's targeting are warnings: flagd ignores the \
                targeting while the flag is disabled.
                """,
            clock: "flagd's $flagd.timestamp reads it")
    }
}

extension CompileOptions {
    /// How flagd definitions compile (their `fractional` rule); v2 `fractional` by default.
    package var flagd: FlagdLoweringOptions {
        get { self[FlagdSetting.self] }
        set { self[FlagdSetting.self] = newValue }
    }

    private enum FlagdSetting: CompileSetting {
        static var defaultValue: FlagdLoweringOptions { FlagdLoweringOptions() }
    }
}
