import BurgeeCore

extension ServedDefinitions {
    /// The served UFC document itself, out of Datadog's JSON:API envelope when the file is in it;
    /// `nil` for definitions not served whole.
    var ufcDocument: JSONValue? {
        guard let document = wholeDocument else { return nil }
        if document.objectValue?["flags"] == nil, let attributes = document.objectValue?["data"]?.objectValue?["attributes"] {
            return attributes
        }
        return document
    }
}
