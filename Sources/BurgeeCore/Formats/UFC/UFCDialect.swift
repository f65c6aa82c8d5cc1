/// The UFC formats, Datadog's and Eppo's: one dialect each, differing in ``UFCVendor``.
///
/// Datadog's documents are recognised by flags with `variationType` and `allocations`, or by
/// the CDN's envelope; Eppo's look the same and are never detected. Contexts are subjects
/// (``Context/init(ufcJSON:requiresKey:)``); results carry the vendor's own answer
/// (``UFCResult``) and reasons.
struct UFCDialect: DefinitionsDialect {
    let vendor: UFCVendor

    var format: DefinitionsFormat { vendor.format }

    var principalMarker: String { #""flags""# }

    var flagsMember: FlagsMember {
        vendor == .datadog ? .marked(#""variationType" and "allocations""#) : .absent
    }

    /// Eppo's documents look like Datadog's.
    var sharesShapeWith: [DefinitionsFormat] { vendor == .eppo ? [.datadog] : [] }

    func hasFlagShape(_ flag: [String: JSONValue]) -> Bool {
        vendor == .datadog && flag["variationType"]?.stringValue != nil && flag["allocations"] != nil
    }

    func markers(in members: [String: JSONValue]) -> [String] {
        guard vendor == .datadog, case .object(let data)? = members["data"],
              data["type"]?.stringValue == "universal-flag-configuration" else { return [] }
        return [#""data" of type "universal-flag-configuration""#]
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> UFCDocument {
        try UFCDocument(json: json, vendor: vendor)
    }

    func compile(_ document: UFCDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        Snapshot(ufc: document, flagSets: flagSets, options: options)
    }

    /// Both vendors' SDKs refuse a subject they cannot read before looking the flag up.
    var checksContextFirst: Bool { true }

    func context(json: JSONValue) -> Context { Context(ufcJSON: json, requiresKey: vendor == .eppo) }

    /// A context built with the neutral API is read as the subject it stands for
    /// (``Context/ufcSubject(requiresKey:)``).
    var contextShape: ContextShape? {
        let requiresKey = vendor == .eppo
        return ContextShape(mark: .ufcSubject) { $0.ufcSubject(requiresKey: requiresKey) }
    }

    /// OpenFeature's `targetingKey` is the targeting key, every other member an attribute.
    func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        var attributes = members
        let key = attributes.removeValue(forKey: "targetingKey")
        switch key {
        case nil, .null?, .string?: break
        case let other?: throw OpenFeatureContextError(.invalidContext, "'targetingKey' is \(other.typeName), not a string")
        }
        let context = Context(targetingKey: key?.stringValue, ufcAttributes: attributes, requiresKey: vendor == .eppo)
        if let reason = context.invalidReason { throw OpenFeatureContextError(.invalidContext, reason) }
        return context
    }

    /// `"datadog":{…}` (what Datadog's provider returns, with the exposure it would log) or
    /// `"eppo":{…}` (Eppo's evaluation details and assignment event), and the vendor's reason.
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult? {
        vendorResult(of: detail, flag: key, context: context, type: nil, in: snapshot)
    }

    /// Eppo's member carries `details`, Eppo's `evaluation_details` for a call of the type asked
    /// (the flag's own for an untyped request), on the command line's clock.
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, type: ValueType?,
                      in snapshot: Snapshot) -> VendorResult? {
        // The rule whose serve failed is not in the detail: evaluated again, on this error path only.
        let failedRule = detail.reason.errorKind == .malformedFlag
            ? snapshot.failedRuleIndex(of: snapshot.outcome(key, context: context)) : nil
        let result = UFCResult(detail, flag: key, context: context, in: snapshot, vendor: vendor, failedRule: failedRule)
        let name = format.name
        var json = result.json
        if vendor == .eppo, case .object(var members) = json,
           let details = eppoDetails(flag: key, context: context, type: type, in: snapshot) {
            members["details"] = details
            json = .object(members)
        }
        return VendorResult(member: name, json: json, reasonJSON: result.reasonJSON,
                            textLines: ["\(name):\(String(repeating: " ", count: max(1, 10 - name.count)))\(json.serialized())"],
                            explainLine: "\(name): \(json.serialized())")
    }

    /// Eppo's details of the evaluation, its `timestamp` and `configFetchedAt` the evaluation clock's
    /// reading; `nil` for a subject without a key (Eppo's typed calls refuse one).
    private func eppoDetails(flag key: String, context: Context, type: ValueType?, in snapshot: Snapshot) -> JSONValue? {
        guard let subject = context.key, let members = context.attributes(),
              var attributes = members[Context.ufcAttributes]?.objectValue else { return nil }
        // The `id` the subject was given from its key is not one of the attributes Eppo reports.
        if members[Context.ufcIdFromKey] == .bool(true) { attributes.removeValue(forKey: "id") }
        let flagType: UFCVariationType? = if case .flag(let flag)? = (snapshot.model as? UFCModel)?.document.flags[key] {
            flag.variationType
        } else { nil }
        let asked = type.flatMap(UFCVariationType.init(asking:)) ?? flagType ?? .string
        guard let details = snapshot.ufcAssignmentDetails(flag: key, subjectKey: subject, attributes: attributes, type: asked) else {
            return nil
        }
        return details.json(timestamp: snapshot.program.clock.now(), fetchedAt: snapshot.ufcCompiledAt)
    }

    var commandLineHelp: CommandLineHelp {
        switch vendor {
        case .datadog:
            CommandLineHelp(
                evaluation: #"""
                    For Datadog definitions, a context is a subject, {"targetingKey"?, "attributes"?:{…}} \#
                    ("subjectKey" or "key" may name the key; without "attributes", every other member is an \#
                    attribute), whose attributes are strings, numbers, booleans or null; a subject is checked \#
                    before the flag is looked up, and only a split that hashes needs its key. Reasons are \#
                    Datadog's: {"kind"} of TARGETING_MATCH, SPLIT, STATIC, DEFAULT or DISABLED, or \#
                    {"kind":"ERROR", "errorKind"} (FLAG_NOT_FOUND, TARGETING_KEY_MISSING, …); and each result \#
                    line has one more member, "datadog":{"value", "variant", "reason", "errorCode", \#
                    "errorMessage", "allocationKey", "doLog", "serialId", "flagMetadata", "exposure"}: what \#
                    Datadog's provider returns, with the exposure it would log.
                    """#,
                explanation: "For Datadog definitions Datadog's result follows the steps.",
                validation: """
                    For Datadog, a flag its evaluator rejects is a warning: it serves the default (reason \
                    DEFAULT, or DISABLED when the flag is disabled), as Datadog's own test data expects.
                    """,
                clock: "Datadog's allocations are active between their startAt and endAt on it")
        case .eppo:
            CommandLineHelp(
                evaluation: #"""
                    For Eppo definitions, a context is a subject, {"targetingKey", "attributes"?:{…}} \#
                    ("subjectKey" or "key" may name the key; without "attributes", every other member is an \#
                    attribute), whose key is a string and whose attributes are strings, numbers, booleans or \#
                    null; a subject is checked before the flag is looked up. Reasons are \#
                    Eppo's: {"kind"} of TARGETING_MATCH, SPLIT, STATIC, DEFAULT or DISABLED, or \#
                    {"kind":"ERROR", "errorKind"} (FLAG_NOT_FOUND, TARGETING_KEY_MISSING, …); and each result \#
                    line has one more member, "eppo":{"flagEvaluationCode", "flagEvaluationDescription", \#
                    "variationKey", "allocationKey", "doLog", "extraLogging", "assignmentEvent"}: Eppo's \#
                    evaluation details, with the assignment event it would log.
                    """#,
                explanation: "For Eppo definitions Eppo's result follows the steps.",
                validation: """
                    For Eppo, a flag it rejects is an error (MALFORMED_FLAG), and a condition it cannot read is \
                    a warning (Eppo evaluates it as false).
                    """,
                clock: "Eppo's allocations are active between their startAt and endAt on it")
        }
    }
}
