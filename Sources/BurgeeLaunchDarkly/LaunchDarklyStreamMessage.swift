import Burgee
import BurgeeCore

/// One event of LaunchDarkly's streaming protocol (`GET /all`), read.
///
/// - `put`: `{"path":"/","data":{"flags":{…},"segments":{…}}}`; `path` may be absent (some Relay
///   Proxy versions send none), and a data set sent bare (`{"flags":…,"segments":…}`) is read too.
/// - `patch`: `{"path":"/flags/KEY","data":{…the item, with its version…}}`.
/// - `delete`: `{"path":"/segments/KEY","version":N}`.
///
/// A `patch` or `delete` whose path names neither flags nor segments is to be ignored, as
/// LaunchDarkly's SDKs ignore it; anything else that does not have these shapes is invalid.
enum LaunchDarklyStreamMessage: Sendable, Equatable {
    case put(LaunchDarklyItems)
    case patch(LaunchDarklyItemKind, key: String, item: JSONValue)
    case delete(LaunchDarklyItemKind, key: String, version: Int64)
    /// A change to an item of a kind this client does not keep.
    case ignored(path: String)

    /// Reads the data of a `put`, `patch` or `delete` event.
    init(event: String, data: [UInt8], limits: JSONLimits) throws(DataSourceError) {
        func invalid(_ why: String) -> DataSourceError {
            DataSourceError(kind: .invalidData, message: "LaunchDarkly stream '\(event)' event: \(why)")
        }
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(data) } catch { throw invalid("\(error)") }
        guard case .object(let o) = json else { throw invalid("the data is \(json.typeName), not an object") }
        switch event {
        case "put":
            let dataSet: [String: JSONValue]
            if let inner = o["data"] {
                guard case .object(let members) = inner else { throw invalid("'data' is \(inner.typeName), not an object") }
                dataSet = members
            } else if o["flags"] != nil || o["segments"] != nil {
                dataSet = o
            } else {
                throw invalid("no 'data' object")
            }
            do {
                self = .put(try Self.items(of: dataSet))
            } catch {
                throw invalid(error.why)
            }
        case "patch", "delete":
            guard case .string(let path)? = o["path"] else { throw invalid("'path' must be a string") }
            guard let (kind, key) = LaunchDarklyItemKind.item(at: path) else {
                self = .ignored(path: path)
                return
            }
            guard !key.isEmpty else { throw invalid("the path '\(path)' names no key") }
            if event == "patch" {
                guard let item = o["data"], case .object = item else { throw invalid("'data' must be an object") }
                do { try Self.checkVersion(item) } catch { throw invalid("\(path): \(error.why)") }
                self = .patch(kind, key: key, item: item)
            } else {
                guard let version = o["version"]?.int64Value else { throw invalid("'version' must be an integer") }
                self = .delete(kind, key: key, version: version)
            }
        default:
            throw invalid("not a put, patch or delete event")
        }
    }

    typealias Unusable = LaunchDarklyDataSet.Unusable

    /// The items of a data set: `flags` and `segments`, each absent or an object of item objects
    /// whose `version`, when present, is an integer.
    static func items(of dataSet: [String: JSONValue]) throws(Unusable) -> LaunchDarklyItems {
        let read = try LaunchDarklyDataSet(dataSet)
        for (name, items) in [("flags", read.flags), ("segments", read.segments)] {
            for (key, item) in items { try checkVersion(item, "\(name) '\(key)': ") }
        }
        return LaunchDarklyItems(flags: read.flags, segments: read.segments)
    }

    /// An item's `version`, when present, must be an integer: it orders the changes.
    private static func checkVersion(_ item: JSONValue, _ prefix: String = "") throws(Unusable) {
        if let version = item.objectValue?["version"], !version.isNull, version.int64Value == nil {
            throw Unusable(why: prefix + "'version' must be an integer")
        }
    }
}
