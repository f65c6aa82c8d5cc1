extension DefinitionsFormat {
    /// LaunchDarkly's server-side flag data (`{"flags":{…},"segments":{…}}`) and its stream `put`.
    public static let launchDarkly = DefinitionsFormat(
        name: "launchdarkly", displayName: "LaunchDarkly",
        expectedShape: #"an object with "flags" whose flags have "on" and "variations" arrays, and "segments"; or a stream put {"path":"/","data":{"flags":…,"segments":…}}"#)
}

/// LaunchDarkly's format: recognised by flags with an `on` boolean or a stream `put`, read by
/// ``LaunchDarklyDocument``, lowered by ``LaunchDarklyLowering``; contexts are LaunchDarkly's (a
/// pre-2022 user object included), checked before the flag is looked up.
struct LaunchDarklyDialect: DefinitionsDialect {
    var format: DefinitionsFormat { .launchDarkly }

    var principalMarker: String { #""flags""# }

    var flagsMember: FlagsMember { .marked(#""on""#) }

    func hasFlagShape(_ flag: [String: JSONValue]) -> Bool {
        flag["on"]?.boolValue != nil
    }

    /// A stream `put`: `data` holding `flags` or `segments`, with `path` absent or `"/"`.
    func markers(in members: [String: JSONValue]) -> [String] {
        if case .object(let data)? = members["data"], data["flags"] != nil || data["segments"] != nil,
           members["path"] == nil || members["path"] == .string("/") {
            return [#"a stream put ("data" with "flags" or "segments")"#]
        }
        return []
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> LaunchDarklyDocument {
        try LaunchDarklyDocument(json: json)
    }

    /// Flag data is written as a stream `put` (`{"path":"/","data":{…}}`), whose shape tells it
    /// even when it holds no flag.
    func cachedJSON(of document: LaunchDarklyDocument, read json: JSONValue) -> JSONValue {
        if case .object(let members) = json, members["data"] != nil, members["flags"] == nil { json } else {
            ["path": "/", "data": json]
        }
    }

    func compile(_ document: LaunchDarklyDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        Snapshot(launchDarkly: document, flagSets: flagSets)
    }

    /// LaunchDarkly's SDKs check the context before they look the flag up.
    var checksContextFirst: Bool { true }

    func context(json: JSONValue) -> Context { Context(launchDarklyJSON: json) }
}
