/// One `POST /events` body the server accepted.
public struct ReceivedEvents: Sendable, Hashable {
    /// The body, decoded: the batch JSON whatever `contentEncoding` was.
    public var body: [UInt8]
    /// The `Content-Encoding` sent, such as `gzip`; `nil` when the body came uncompressed.
    public var contentEncoding: String?
    /// The `Content-Type` sent.
    public var contentType: String?
    /// When the request arrived.
    public var time: ContinuousClock.Instant
    /// The body's size as received, before decoding.
    public var receivedBytes: Int

    /// A received body; `receivedBytes` defaults to the size of `body`.
    public init(body: [UInt8], contentEncoding: String? = nil, contentType: String? = nil, time: ContinuousClock.Instant,
                receivedBytes: Int? = nil) {
        self.body = body
        self.contentEncoding = contentEncoding
        self.contentType = contentType
        self.time = time
        self.receivedBytes = receivedBytes ?? body.count
    }
}
