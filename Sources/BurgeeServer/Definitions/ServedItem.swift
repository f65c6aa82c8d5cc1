import BurgeeCore

/// A flag or segment as served: the file's JSON with the served version written into it.
struct ServedItem: Sendable {
    /// The file's JSON without its `version` member: what decides whether the item changed.
    let content: JSONValue
    /// The JSON sent to clients.
    let json: JSONValue
    let version: Int64

    init(fileJSON: JSONValue, version: Int64) {
        self.content = Self.content(of: fileJSON)
        self.version = version
        if case .object(var members) = fileJSON {
            members["version"] = .number(Double(version))
            json = .object(members)
        } else {
            // Not an object: malformed, served verbatim; the event envelope still carries the version.
            json = fileJSON
        }
    }

    /// `json` without its top-level `version` member.
    static func content(of json: JSONValue) -> JSONValue {
        guard case .object(var members) = json else { return json }
        members["version"] = nil
        return .object(members)
    }

    /// The version the file gives the item, 0 when it gives none.
    static func fileVersion(of json: JSONValue) -> Int64 {
        json.objectValue?["version"]?.int64Value ?? 0
    }
}
