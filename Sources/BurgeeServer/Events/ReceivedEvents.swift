/// One `POST /events` body as it arrived.
public struct ReceivedEvents: Sendable, Hashable {
    /// The body bytes, still encoded when `contentEncoding` says so.
    public var body: [UInt8]
    /// The `Content-Encoding` sent, such as `gzip`; the server does not decode bodies.
    public var contentEncoding: String?
    /// The `Content-Type` sent.
    public var contentType: String?
    /// When the request arrived.
    public var time: ContinuousClock.Instant

    /// A received body.
    public init(body: [UInt8], contentEncoding: String? = nil, contentType: String? = nil, time: ContinuousClock.Instant) {
        self.body = body
        self.contentEncoding = contentEncoding
        self.contentType = contentType
        self.time = time
    }
}
