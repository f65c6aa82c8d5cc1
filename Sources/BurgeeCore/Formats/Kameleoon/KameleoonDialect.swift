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
    var commandLineNow: Timestamp? { Timestamp(rfc3339: "2026-03-01T12:00:00Z") }

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

    func prepared(_ context: Context, flag key: String, in snapshot: Snapshot) -> Context {
        guard let document = snapshot.kameleoonDocument, let request = context.context(ofKind: Self.requestKind)?.attributes[Self.requestAttribute],
              let read = try? KameleoonRequest(json: request) else { return context }
        let prepared = read.replay(for: key, in: snapshot, document: document, now: snapshot.nowMilliseconds)
        return context.isValid ? prepared : context
    }

    func vendorResult(of detail: EvaluationDetail, flag key: String, in snapshot: Snapshot) -> VendorResult? {
        let result = KameleoonResult(detail, flag: snapshot.kameleoonDocument?.flag(key))
        var reason = EvaluationReason(kind: detail.reason.kind)
        reason.errorKind = detail.reason.errorKind
        return VendorResult(member: "kameleoon", json: result.json, reason: reason,
                            textLines: ["kameleoon: \(result.json.serialized())"],
                            explainLine: "kameleoon: \(result.json.serialized())")
    }

    /// The kind of a command-line request's context before it is replayed.
    static let requestKind = "kameleoonRequest"
    static let requestAttribute = "request"
}
