import BurgeeCore

extension DefinitionsPatch {
    /// Reads the data of a `patch` or `delete` event:
    /// `{"kind": "flag"|"segment", "key": …, "version": …, "documentVersion"?: …, "object": {…}}`
    /// (`object` only for `patch`).
    init(event: String, data: [UInt8], limits: JSONLimits) throws(DataSourceError) {
        func invalid(_ why: String) -> DataSourceError {
            DataSourceError(kind: .invalidData, message: "stream '\(event)' event: \(why)")
        }
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(data) } catch { throw invalid("\(error)") }
        guard case .object(let o) = json else { throw invalid("the data is \(json.typeName), not an object") }
        guard case .string(let kindName)? = o["kind"], let kind = Kind(rawValue: kindName) else {
            throw invalid("'kind' must be \"flag\" or \"segment\"")
        }
        guard case .string(let key)? = o["key"], !key.isEmpty else { throw invalid("'key' must be a non-empty string") }
        guard let version = o["version"]?.int64Value else { throw invalid("'version' must be an integer") }
        var documentVersion: Int64?
        if let d = o["documentVersion"], !d.isNull {
            guard let v = d.int64Value else { throw invalid("'documentVersion' must be an integer") }
            documentVersion = v
        }
        let operation: Operation
        switch event {
        case "patch":
            guard let object = o["object"], case .object = object else { throw invalid("'object' must be an object") }
            operation = .upsert(object)
        case "delete":
            operation = .delete
        default:
            throw invalid("not a patch or delete event")
        }
        self.init(kind: kind, key: key, version: version, documentVersion: documentVersion, operation: operation)
    }
}
