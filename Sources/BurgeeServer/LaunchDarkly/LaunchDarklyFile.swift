import BurgeeCore

/// A LaunchDarkly definitions file: the server-side data set, `{"flags":{…},"segments":{…}}`, as
/// `GET /sdk/latest-all` serves it, or a stream `put`'s data (`{"path":"/","data":{…}}`).
enum LaunchDarklyFile {
    /// The file's flags and segments, each an object; throws for a document that is not one of
    /// these shapes or has an item that is not an object (LaunchDarkly's SDKs refuse such a data
    /// set whole). Problems inside items are left to the clients, which make those flags malformed.
    static func items(of json: JSONValue) throws(DefinitionsError) -> (flags: [String: JSONValue], segments: [String: JSONValue]) {
        _ = try DefinitionsReader.format(of: json, given: .launchDarkly)
        func unusable(_ why: String) -> DefinitionsError {
            .notOfFormat(.launchDarkly, why + "; LaunchDarkly definitions are \(DefinitionsFormat.launchDarkly.expectedShape)")
        }
        guard case .object(var members) = json else { throw unusable("the top level is \(json.typeName), not an object") }
        if case .object(let data)? = members["data"] { members = data }
        let dataSet: LaunchDarklyDataSet
        do { dataSet = try LaunchDarklyDataSet(members) } catch { throw unusable(error.why) }
        // The format's reader has the last word on what makes a whole document unusable.
        _ = try Definitions(json: json, format: .launchDarkly)
        return (dataSet.flags, dataSet.segments)
    }
}
