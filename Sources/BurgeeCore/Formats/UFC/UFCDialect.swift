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
        // The rule whose serve failed is not in the detail: evaluated again, on this error path only.
        let failedRule = detail.reason.errorKind == .malformedFlag
            ? snapshot.failedRuleIndex(of: snapshot.outcome(key, context: context)) : nil
        let result = UFCResult(detail, flag: key, context: context, in: snapshot, vendor: vendor, failedRule: failedRule)
        let name = format.name
        let json = result.json
        return VendorResult(member: name, json: json, reasonJSON: result.reasonJSON,
                            textLines: ["\(name):\(String(repeating: " ", count: max(1, 10 - name.count)))\(json.serialized())"],
                            explainLine: "\(name): \(json.serialized())")
    }
}
