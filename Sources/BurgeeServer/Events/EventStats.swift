/// Totals of the `POST /events` bodies stored, as `GET /events/stats` reports them.
public struct EventStats: Sendable, Hashable {
    /// How many bodies were stored.
    public var requests: Int
    /// Their total size in bytes as received, before decoding (so gzip shows as smaller).
    public var bytes: Int

    /// Totals.
    public init(requests: Int, bytes: Int) {
        self.requests = requests
        self.bytes = bytes
    }
}
