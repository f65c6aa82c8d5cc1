import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// A 200 with `body` and a strong `ETag` made of it, or a 304 when `If-None-Match` names that tag.
    static func taggedJSON(_ body: [UInt8], version: Int64, _ request: Request) -> Response {
        let etag = EntityTag.make(version: version, body: body)
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache"]
        let ifNoneMatch = request.headers[values: .ifNoneMatch].joined(separator: ",")
        if !ifNoneMatch.isEmpty, EntityTag.ifNoneMatch(ifNoneMatch, matches: etag) {
            var response = Response(status: .notModified, headers: headers)
            response.headers[.contentLength] = nil
            return response
        }
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
