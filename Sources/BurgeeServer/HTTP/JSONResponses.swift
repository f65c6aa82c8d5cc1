import BurgeeCore
import Hummingbird
import NIOCore

/// Small JSON answers.
enum JSONResponses {
    /// `{"error": code, "message": message}` with the status.
    static func error(_ status: HTTPResponse.Status, _ code: String, _ message: String,
                      headers: HTTPFields = [:]) -> Response {
        let body: JSONValue = ["error": .string(code), "message": .string(message)]
        return json(status, body, headers: headers)
    }

    static func json(_ status: HTTPResponse.Status, _ value: JSONValue, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: value.serialized())))
    }

    /// A JSON body already serialized, with its media type (`application/json` unless told).
    static func bytes(_ status: HTTPResponse.Status, _ body: [UInt8], contentType: String = "application/json") -> Response {
        Response(status: status, headers: [.contentType: contentType, .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
