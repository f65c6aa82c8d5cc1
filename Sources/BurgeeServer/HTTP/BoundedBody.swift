import Hummingbird
import NIOCore

/// A request's body read whole, up to a limit.
enum BoundedBody {
    /// The body's bytes; `nil` when `Content-Length` or the bytes received pass `limit` (the rest
    /// is not read).
    static func collect(_ request: Request, limit: Int) async throws -> [UInt8]? {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return nil }
        var collected = ByteBuffer()
        for try await chunk in request.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else { return nil }
            collected.writeImmutableBuffer(chunk)
        }
        return Array(collected.readableBytesView)
    }
}
