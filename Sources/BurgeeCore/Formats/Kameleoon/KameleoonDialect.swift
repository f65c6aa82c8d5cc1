/// Kameleoon's format: recognised by `featureFlags`, read by ``KameleoonDocument``, lowered by
/// ``KameleoonLowering``. A command-line context is a visitor and what to replay for it
/// (``KameleoonRequest``), checked before the flag is looked up as Kameleoon's SDKs check the
/// visitor code first; the result carries Kameleoon's own answer (``KameleoonResult``).
struct KameleoonDialect: DefinitionsDialect {
    var format: DefinitionsFormat { .kameleoon }

    var principalMarker: String { #""featureFlags""# }

    var flagsMember: FlagsMember { .absent }

    func markers(in members: [String: JSONValue]) -> [String] {
        if case .array? = members["featureFlags"] { return [#""featureFlags""#] }
        return []
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> KameleoonDocument {
        try KameleoonDocument(json: json)
    }

    func version(of document: KameleoonDocument) -> Int64 { document.dateModified }

    func compile(_ document: KameleoonDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        Snapshot(kameleoon: document, flagSets: flagSets, options: options)
    }

    var checksContextFirst: Bool { true }

    /// The clock of the command-line contract: 2026-03-01T12:00:00Z.
    var commandLineNow: Timestamp? { Timestamp(rfc3339: Self.commandLineInstant) }

    /// The instant of ``commandLineNow``, as written.
    static let commandLineInstant = "2026-03-01T12:00:00Z"

    /// The request as read; ``prepared(_:flag:in:)`` replays it.
    func context(json: JSONValue) -> Context {
        let code = json.objectValue?["visitorCode"]?.stringValue ?? ""
        var problem: String?
        do throws(KameleoonRequestError) {
            _ = try KameleoonRequest(json: json)
            if code.isEmpty {
                problem = "the visitor code is empty"
            } else if code.count > Context.kameleoonMaxCodeLength {
                problem = "the visitor code is longer than \(Context.kameleoonMaxCodeLength) characters"
            }
        } catch {
            problem = error.message
        }
        return Context(single: SingleContext(kind: Self.requestKind, key: code, attributes: [Self.requestAttribute: json]),
                       invalidReason: problem)
    }

    /// OpenFeature's `targetingKey` is the visitor code; every other member is custom data of the
    /// visitor, by its name in the configuration (or by its index when the member's name is a
    /// number), with a string or an array of strings as its values (numbers and Booleans as
    /// their text). The visitor is then replayed per flag as a command-line request is.
    func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        let code = try OpenFeatureContext.targetingKey(members["targetingKey"])
        var data: [JSONValue] = []
        for (name, value) in members.sorted(by: { $0.key < $1.key }) where name != "targetingKey" {
            let values: [JSONValue]
            switch value {
            case .array(let items): values = items.map { .string(Self.text($0)) }
            case .null: continue
            default: values = [.string(Self.text(value))]
            }
            var item: [String: JSONValue] = ["type": "customData", "values": .array(values)]
            if let index = Int64(name), index >= 0 { item["index"] = .number(Double(index)) } else { item["name"] = .string(name) }
            data.append(.object(item))
        }
        let context = self.context(json: .object(["visitorCode": .string(code), "data": .array(data)]))
        if let reason = context.invalidReason { throw OpenFeatureContextError(.invalidContext, reason) }
        return context
    }

    /// A custom-data value's text: strings as they are, numbers and Booleans as JSON writes them.
    private static func text(_ value: JSONValue) -> String {
        if case .string(let s) = value { return s }
        return value.serialized()
    }

    func prepared(_ context: Context, flag key: String, in snapshot: Snapshot) -> Context {
        guard let document = snapshot.kameleoonDocument, let request = context.context(ofKind: Self.requestKind)?.attributes[Self.requestAttribute],
              let read = try? KameleoonRequest(json: request) else { return context }
        let prepared = read.replay(for: key, in: snapshot, document: document, now: snapshot.nowMilliseconds)
        return context.isValid ? prepared : context
    }

    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult? {
        let result = KameleoonResult(detail, flag: snapshot.kameleoonDocument?.flag(key))
        var reason = EvaluationReason(kind: detail.reason.kind)
        reason.errorKind = detail.reason.errorKind
        return VendorResult(member: "kameleoon", json: result.json, reason: reason,
                            textLines: ["kameleoon: \(result.json.serialized())"],
                            explainLine: "kameleoon: \(result.json.serialized())")
    }

    var commandLineHelp: CommandLineHelp {
        CommandLineHelp(
            evaluation: """
                For Kameleoon definitions, a context is a visitor and what to replay for it, \
                {"visitorCode", "consent"?, "remote"?:{"filter", "body"}, "data"?:[…], "prior"?:[flag keys]} \
                (see docs/kameleoon.md): each request is one fresh visitor, given its consent, the Data API's \
                answer, its data items and its prior flags, in that order, before the flag is evaluated. \
                An empty visitor code, or one longer than \(Context.kameleoonMaxCodeLength) characters, is an \
                invalid context, reported before the flag is looked up; reasons carry their kind alone, and \
                each result line has one more member, "kameleoon":{"variationKey", "variationName", \
                "variationId", "experimentId", "ruleId", "ruleType", "variables", "active", "error", "blockedBy"}.
                """,
            explanation: """
                For Kameleoon definitions the request's visitor is replayed first, and Kameleoon's result \
                follows the steps.
                """,
            validation: """
                For Kameleoon, a flag whose segments name segments too deeply to be written into its rules is \
                a warning (an evaluation that reaches beyond is an EXCEPTION).
                """,
            clock: "Kameleoon's visits and page views are timed by it (without --now, \(Self.commandLineInstant))")
    }

    /// The kind of a command-line request's context before it is replayed.
    static let requestKind = "kameleoonRequest"
    static let requestAttribute = "request"
}
