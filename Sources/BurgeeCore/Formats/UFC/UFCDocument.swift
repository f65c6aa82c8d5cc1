/// A Universal Flag Configuration as Datadog's or Eppo's SDKs read it (docs/datadog.md).
///
/// The document itself must have a string `createdAt`, an `environment` object with a string
/// `name` and a `flags` object, else both vendors' SDKs refuse it whole; Datadog's CDN envelope
/// (`{"data":{"type":"universal-flag-configuration","attributes":UFC}}`) is unwrapped first.
/// Each flag is read on its own: one that does not read is kept as rejected, and the others work.
package struct UFCDocument: Sendable {
    package var vendor: UFCVendor
    package var createdAt: String
    package var environment: String
    /// The flags by their key in `flags`, read or rejected.
    package var flags: [String: UFCFlagEntry]
    /// The `flags` member as it was, by key.
    package var flagsJSON: [String: JSONValue]

    /// Reads a parsed document.
    /// - Throws: ``DefinitionsError/refused(_:path:_:)`` for a document the vendor's SDKs refuse whole.
    package init(json: JSONValue, vendor: UFCVendor) throws(DefinitionsError) {
        self.vendor = vendor
        var root = RefusingReader(vendor.format, .root)
        var document = json
        if case .object(let members) = json, case .object(let data)? = members["data"], members["flags"] == nil {
            root = root.at("data").at("attributes")
            document = data["attributes"] ?? .null
        }
        let members = try root.object(document)
        createdAt = try root.at("createdAt").string(try root.required(members, "createdAt"))
        let environment = try root.at("environment").object(try root.required(members, "environment"))
        self.environment = try root.at("environment").at("name").string(try root.at("environment").required(environment, "name"))
        if vendor == .eppo, let format = members["format"], !format.isNull {
            let name = try root.at("format").string(format)
            guard name == "SERVER" else {
                throw root.at("format").refusal("a \(name) configuration is for client SDKs (obfuscated or precomputed); a server reads SERVER")
            }
        }
        flagsJSON = try root.at("flags").object(try root.required(members, "flags"))
        var flags: [String: UFCFlagEntry] = [:]
        for (key, flag) in flagsJSON {
            let path = root.path.appending("flags").appending(key)
            do throws(UFCProblem) {
                flags[key] = .flag(try UFCFlag(json: flag, key: key, at: path, vendor: vendor))
            } catch {
                flags[key] = .rejected(error, enabled: !error.foundAfterEnabled || flag.objectValue?["enabled"]?.boolValue != false)
            }
        }
        self.flags = flags
    }
}

/// A flag of a UFC document: read, or rejected as the vendor's SDK rejects it.
package enum UFCFlagEntry: Sendable {
    case flag(UFCFlag)
    /// Rejected, and whether it counts as enabled: Datadog answers a disabled flag as disabled
    /// when what rejects it is a value or a split's variation, found after `enabled`; a flag it
    /// cannot read at all is never disabled.
    case rejected(UFCProblem, enabled: Bool)
}
