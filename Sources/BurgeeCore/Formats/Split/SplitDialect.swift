extension DefinitionsFormat {
    /// Split's (Harness FME's) definitions: the body of `GET /splitChanges` (spec 1.3 or 1.1)
    /// with standard segments' keys beside it.
    public static let split = DefinitionsFormat(
        name: "split", displayName: "Split",
        expectedShape: #"an object with "ff":{"d":[flags…],"s":…,"t":…} and optional "rbs" and "segments" (the body of Split's /splitChanges, spec 1.3), or "splits" with "since" and "till" (spec 1.1)"#)
}

/// Split's format: recognised by `ff` (spec 1.3) or `splits` with `since`/`till` (spec 1.1),
/// read by ``SplitDocument``, lowered by ``SplitLowering``; contexts are Split's keys and
/// attributes (``Context/init(splitJSON:)``), checked before the flag is looked up, as Split's
/// SDKs check their input first.
struct SplitDialect: DefinitionsDialect {
    var format: DefinitionsFormat { .split }

    var principalMarker: String { #""ff""# }

    var flagsMember: FlagsMember { .absent }

    func markers(in members: [String: JSONValue]) -> [String] {
        if case .object(let ff)? = members["ff"], ff["d"] != nil { return [#""ff""#] }
        if case .array? = members["splits"], members["since"] != nil || members["till"] != nil {
            return [#""splits" with "since"/"till""#]
        }
        return []
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> SplitDocument {
        try SplitDocument(json: json)
    }

    func version(of document: SplitDocument) -> Int64 { document.changeNumber }

    func compile(_ document: SplitDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        Snapshot(split: document, flagSets: flagSets)
    }

    var checksContextFirst: Bool { true }

    /// Split's SDKs trim the flag name of white space, and refuse an empty one.
    /// A name with nothing to trim is returned as it is: no string is built per call.
    func flagKey(requested name: String) -> String? {
        var scalars = Substring(name).unicodeScalars[...]
        while let first = scalars.first, PythonInteger.isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, PythonInteger.isSpace(last) { scalars.removeLast() }
        if scalars.isEmpty { return nil }
        if scalars.startIndex == name.unicodeScalars.startIndex, scalars.endIndex == name.unicodeScalars.endIndex { return name }
        return String(String.UnicodeScalarView(scalars))
    }

    func context(json: JSONValue) -> Context { Context(splitJSON: json) }

    /// OpenFeature's `targetingKey` is the matching key, `bucketingKey` the bucketing key, and
    /// every other member a Split attribute.
    func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        let key = try OpenFeatureContext.targetingKey(members["targetingKey"])
        var attributes = members
        attributes["targetingKey"] = nil
        let bucketingKey = attributes.removeValue(forKey: "bucketingKey")?.stringValue
        let context = Context(splitKey: key, bucketingKey: bucketingKey, attributes: attributes)
        if let reason = context.invalidReason { throw OpenFeatureContextError(.invalidContext, reason) }
        return context
    }

    /// `"split":{"treatment","config","label","changeNumber"}`.
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult? {
        let json = snapshot.splitResult(for: detail, flag: key).json
        return VendorResult(member: "split", json: json, textLines: ["split:     \(json.serialized())"],
                            explainLine: "split: \(json.serialized())")
    }

    var commandLineHelp: CommandLineHelp {
        CommandLineHelp(
            evaluation: """
                For Split definitions (the body of /splitChanges with "segments" beside it), contexts are \
                {"key", "bucketingKey"?, "attributes"?} (dates in attributes are Unix seconds), the flag \
                name is trimmed, reasons carry Split's "label", and each result line has one more member, \
                "split":{"treatment", "config", "label", "changeNumber"}.
                """,
            explanation: """
                For Split definitions the context is {"key", "bucketingKey"?, "attributes"?}, and Split's \
                result (treatment, config, label, change number) follows the steps.
                """,
            validation: """
                For Split, a matcher type its SDKs do not know (every key that reaches the conditions gets \
                control) and a MATCHES_STRING pattern that cannot be read are warnings.
                """)
    }
}
