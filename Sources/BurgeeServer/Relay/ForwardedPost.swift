/// A post the server accepted from one of its clients, as it is sent on upstream when the server
/// relays (``PostForwarder``): the same path and query, the client's headers but those of the
/// connection and the body's coding, and the body decoded.
public struct ForwardedPost: Sendable, Hashable {
    /// The path and query the client posted to, as received (`/bulk`, `/api/testImpressions/bulk`, …).
    public var path: String
    /// The client's headers, `Authorization` included, in the order received; without `Host`,
    /// the body's length and coding (`Content-Length`, `Content-Encoding`, `Transfer-Encoding`)
    /// and the connection's own (`Connection`, `Keep-Alive`, `TE`, `Upgrade`, `Expect`, `Accept-Encoding`).
    public var headers: [Header]
    /// The body, decoded (a gzipped body is forwarded as the bytes it stood for).
    public var body: [UInt8]

    /// One header.
    public struct Header: Sendable, Hashable {
        /// Its name, as the client wrote it.
        public var name: String
        /// Its value.
        public var value: String

        /// A header.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A post to forward.
    public init(path: String, headers: [Header], body: [UInt8]) {
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// Headers that belong to one connection or to the body's transfer, never forwarded.
    static let unforwarded: Set<String> = [
        "host", "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "te",
        "upgrade", "expect", "accept-encoding", "proxy-connection", "trailer",
    ]
}
