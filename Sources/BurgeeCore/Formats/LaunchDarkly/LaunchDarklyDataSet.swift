/// The items of a LaunchDarkly data set (`{"flags":{KEY:{…}},"segments":{KEY:{…}}}`) as the JSON
/// objects they are, for what keeps and passes on items whole: the client's stream and the
/// server that serves a LaunchDarkly file.
///
/// Each collection may be absent or `null` (no items); otherwise it is an object whose members are
/// all objects, else the data set is unusable whole, as LaunchDarkly's SDKs refuse it.
package struct LaunchDarklyDataSet: Sendable, Equatable {
    /// The flags by key.
    package var flags: [String: JSONValue]
    /// The segments by key.
    package var segments: [String: JSONValue]

    /// Why a data set is unusable: a sentence naming the collection or item.
    package struct Unusable: Error, Sendable, Equatable {
        package var why: String

        /// Unusable for `why`.
        package init(why: String) {
            self.why = why
        }
    }

    /// Reads the collections of `dataSet`, the members of a data set object (a stream `put`'s
    /// `data`, or the document itself).
    package init(_ dataSet: [String: JSONValue]) throws(Unusable) {
        flags = try Self.collection("flags", of: dataSet)
        segments = try Self.collection("segments", of: dataSet)
    }

    private static func collection(_ name: String, of dataSet: [String: JSONValue]) throws(Unusable) -> [String: JSONValue] {
        guard let value = dataSet[name], !value.isNull else { return [:] }
        guard case .object(let items) = value else { throw Unusable(why: "'\(name)' is \(value.typeName), not an object") }
        for (key, item) in items {
            guard case .object = item else { throw Unusable(why: "\(name) '\(key)' is \(item.typeName), not an object") }
        }
        return items
    }

    /// The version of an item: its `version` member, 0 when it has none (or none that is an integer).
    package static func version(of item: JSONValue) -> Int64 {
        item.objectValue?["version"]?.int64Value ?? 0
    }
}
