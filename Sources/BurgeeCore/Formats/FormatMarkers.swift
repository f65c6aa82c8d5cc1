/// The marks of each definitions format found among a document's members (see
/// ``DefinitionsFormat/detect(in:)``), each with the words that name it in messages.
struct FormatMarkers {
    /// What `flags` held when none of its flags marked a format.
    enum UnmarkedFlags: Equatable {
        /// An empty object: LaunchDarkly and flagd documents both may have one.
        case empty
        /// Not an object, or flags of no known shape.
        case unrecognised
    }

    /// The types of the Unleash delta API's events.
    static let unleashDeltaEventTypes: Set<String> = [
        "hydration", "feature-updated", "feature-removed", "segment-updated", "segment-removed",
    ]

    /// The first marker seen for each format.
    private(set) var found: [DefinitionsFormat: String] = [:]
    /// The state of `flags` when it marked no format; `nil` when it is absent or marked one.
    private(set) var flags: UnmarkedFlags?

    init(_ members: [String: JSONValue]) {
        if members["formatVersion"] != nil {
            mark(.native, #""formatVersion""#)
        }
        if members["features"] != nil {
            mark(.unleash, #""features""#)
        }
        if case .array(let events)? = members["events"],
           events.contains(where: { Self.unleashDeltaEventTypes.contains($0.objectValue?["type"]?.stringValue ?? "") }) {
            mark(.unleash, #"delta "events""#)
        }
        if let flagsJSON = members["flags"] {
            readFlags(flagsJSON)
        }
        if members["$evaluators"] != nil {
            mark(.flagd, #""$evaluators""#)
        }
        if let schema = members["$schema"]?.stringValue, schema.lowercased().contains("flagd") {
            mark(.flagd, #"a flagd "$schema""#)
        }
        if case .object(let data)? = members["data"], data["flags"] != nil || data["segments"] != nil,
           members["path"] == nil || members["path"] == .string("/") {
            mark(.launchDarkly, #"a stream put ("data" with "flags" or "segments")"#)
        }
    }

    /// The formats marked, in ``DefinitionsFormat/allCases`` order.
    var formats: [DefinitionsFormat] {
        DefinitionsFormat.allCases.filter { found[$0] != nil }
    }

    /// `"formatVersion" (native Burgee), "features" (Unleash)` for `formats`.
    func listed(_ formats: [DefinitionsFormat]) -> String {
        formats.map { "\(found[$0] ?? "?") (\($0.displayName))" }.joined(separator: ", ")
    }

    private mutating func mark(_ format: DefinitionsFormat, _ marker: String) {
        if found[format] == nil { found[format] = marker }
    }

    /// Marks LaunchDarkly for flags with an `on` boolean, flagd for flags with a `state` string or
    /// a `variants` object; names the first such flag of each (in key order) in the marker.
    private mutating func readFlags(_ json: JSONValue) {
        guard case .object(let flagsByKey) = json else {
            flags = .unrecognised
            return
        }
        guard !flagsByKey.isEmpty else {
            flags = .empty
            return
        }
        var launchDarklyFlag: String?
        var flagdFlag: String?
        for (key, value) in flagsByKey {
            guard case .object(let flag) = value else { continue }
            if flag["on"]?.boolValue != nil, launchDarklyFlag.map({ key < $0 }) ?? true {
                launchDarklyFlag = key
            }
            let hasState = flag["state"]?.stringValue != nil
            let hasVariants = flag["variants"]?.objectValue != nil
            if hasState || hasVariants, flagdFlag.map({ key < $0 }) ?? true {
                flagdFlag = key
            }
        }
        if let key = launchDarklyFlag {
            mark(.launchDarkly, #""flags" whose flags have "on" (""# + key + #"")"#)
        }
        if let key = flagdFlag {
            mark(.flagd, #""flags" whose flags have "state" or "variants" (""# + key + #"")"#)
        }
        if launchDarklyFlag == nil && flagdFlag == nil {
            flags = .unrecognised
        }
    }
}
