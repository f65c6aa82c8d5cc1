import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// LaunchDarkly's payload filter (`?filter=KEY`, an SDK's `payload_filter_key`) names a filter
    /// defined in LaunchDarkly's service, which the served data does not hold. Serving the whole
    /// data set instead would hand a filtered client flags it never asked for, so such requests
    /// are refused as LaunchDarkly's Relay Proxy refuses a filter it does not know: 404, with a
    /// message saying why; `nil` when the request carries no filter.
    static func launchDarklyFilterRefusal(_ request: Request) -> Response? {
        guard let filter = request.uri.queryParameters.getAll("filter").first else { return nil }
        return JSONResponses.error(
            .notFound, "payload_filter_not_found",
            "burgee serve recognizes the provided credential, but the payload filter '\(filter)' was not found: payload " +
                "filters are defined in LaunchDarkly's service and burgee serve serves the whole data set; remove the " +
                "SDK's payload filter key (the 'filter' parameter)")
    }

    /// `GET /sdk/latest-flags` and `GET /sdk/latest-segments`: every flag (segment) as a JSON
    /// object by key, as LaunchDarkly's older polling endpoints answer; `…/{key}` the one item, or
    /// 404. Each answer has a strong `ETag` of its own body, and 304 for `If-None-Match`.
    func launchDarklyCollectionResponse(_ endpoint: DefinitionsServer.Endpoint, _ request: Request) -> Response {
        let served = server.store.served
        let (collection, items) = endpoint == .launchDarklyFlags
            ? (LaunchDarklyServedFormat.flagsPath, served.flags) : (LaunchDarklyServedFormat.segmentsPath, served.segments)
        let rest = request.uri.path.dropFirst(collection.count)
        let body: [UInt8]
        if rest.isEmpty {
            var writer = JSONWriter()
            writer.beginObject()
            for key in items.keys.sortedInByteOrder() {
                writer.key(key)
                writer.value(items[key]!.json)
            }
            writer.endObject()
            body = writer.bytes
        } else {
            let rawKey = rest.dropFirst()
            guard let key = PercentDecoding.decode(rawKey), let item = items[key] else {
                return JSONResponses.error(.notFound, "not_found", "no item '\(rawKey)' in \(collection)")
            }
            body = Array(item.json.serialized().utf8)
        }
        return Self.taggedJSON(body, version: served.documentVersion, request)
    }
}
