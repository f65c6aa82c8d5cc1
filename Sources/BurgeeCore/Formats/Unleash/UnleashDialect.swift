extension DefinitionsFormat {
    /// Unleash's client API: `GET /api/client/features` (`{"version":2,"features":[…]}`) and the
    /// delta API's events.
    public static let unleash = DefinitionsFormat(
        name: "unleash", displayName: "Unleash",
        expectedShape: #"an object with a "features" array ({"version":2,"features":[…]}), or delta "events" ("hydration", "feature-updated", …)"#)
}

/// Unleash's format: recognised by `features` or delta `events`, read by ``UnleashDocument``,
/// lowered by ``UnleashLowering``; contexts are Unleash's, and results carry `isEnabled` and the
/// variant.
struct UnleashDialect: DefinitionsDialect {
    /// The types of the Unleash delta API's events.
    static let deltaEventTypes: Set<String> = [
        "hydration", "feature-updated", "feature-removed", "segment-updated", "segment-removed",
    ]

    var format: DefinitionsFormat { .unleash }

    var principalMarker: String { #""features""# }

    var flagsMember: FlagsMember { .absent }

    func markers(in members: [String: JSONValue]) -> [String] {
        var found: [String] = []
        if members["features"] != nil { found.append(#""features""#) }
        if case .array(let events)? = members["events"],
           events.contains(where: { Self.deltaEventTypes.contains($0.objectValue?["type"]?.stringValue ?? "") }) {
            found.append(#"delta "events""#)
        }
        return found
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> UnleashDocument {
        try UnleashDocument(json: json)
    }

    func version(of document: UnleashDocument) -> Int64 { document.version ?? 0 }

    /// The document's own problems (an unreadable delta event, a `segments` member that is not an
    /// array) and its segments': segments are inlined into strategies, so they are no snapshot's.
    func documentProblems(of document: UnleashDocument) -> [DefinitionProblem] {
        document.problems + document.segments.flatMap(\.problems)
    }

    func compile(_ document: UnleashDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        Snapshot(unleash: document, options: Self.lowering(options), flagSets: flagSets)
    }

    func context(json: JSONValue) -> Context { Context(unleashJSON: json) }

    /// As Unleash's OpenFeature providers map it: `targetingKey` is the `userId` (unless `userId`
    /// is given), the standard fields (`sessionId`, `remoteAddress`, `environment`, `appName`,
    /// `currentTime`) keep their names, and every other member is a property.
    func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        var members = members
        let targetingKey = try OpenFeatureContext.targetingKey(members.removeValue(forKey: "targetingKey"))
        var unleash: [String: JSONValue] = [:]
        var properties = members["properties"]?.objectValue ?? [:]
        for (name, value) in members where name != "properties" {
            if Context.unleashStandardFields.contains(name) { unleash[name] = value } else { properties[name] = value }
        }
        if unleash["userId"] == nil { unleash["userId"] = .string(targetingKey) }
        unleash["properties"] = .object(properties)
        return Context(unleashJSON: .object(unleash))
    }

    /// `"unleash":{"enabled":…,"variant":{"name","enabled","feature_enabled","payload"?}}`, and
    /// `value` is the `isEnabled` answer: `false`, not the default, for a toggle that is unknown
    /// or cannot be evaluated.
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult? {
        let enabled = snapshot.unleashIsEnabled(detail)
        let variant = snapshot.unleashVariant(for: detail, flag: key).json
        return VendorResult(member: "unleash", json: ["enabled": .bool(enabled), "variant": variant], value: .bool(enabled),
                            textLines: ["enabled:   \(enabled)", "variant:   \(variant.serialized())"],
                            explainLine: "unleash: enabled \(enabled), variant \(variant.serialized())")
    }

    var commandLineHelp: CommandLineHelp {
        CommandLineHelp(
            evaluation: """
                For Unleash definitions, contexts are in Unleash's shape ({"userId", "sessionId", \
                "remoteAddress", "environment", "appName", "currentTime", "properties"}), "value" is the \
                isEnabled answer, and each result line has one more member, \
                "unleash":{"enabled", "variant":{"name", "enabled", "feature_enabled", "payload"?}}.
                """,
            explanation: """
                For Unleash definitions the context is in Unleash's shape, and the Unleash result \
                (isEnabled, variant) follows the steps.
                """,
            validation: """
                For Unleash, custom strategies and unknown operators are warnings with their JSON path (they \
                load; a custom strategy passes only where the client registers it, an unknown operator never).
                """,
            clock: "Unleash DATE_AFTER/DATE_BEFORE constraints compare it when a context has no currentTime")
    }
}

extension CompileOptions {
    /// The host name Unleash's `applicationHostname` strategies compare with; by default the
    /// machine's.
    package var unleashHostname: String {
        get { self[UnleashHostname.self] }
        set { self[UnleashHostname.self] = newValue }
    }

    private enum UnleashHostname: CompileSetting {
        static var defaultValue: String { UnleashLoweringOptions.machineHostname() }
    }
}
