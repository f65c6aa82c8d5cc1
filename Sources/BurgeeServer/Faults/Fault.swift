extension DefinitionsServer {
    /// A way to misbehave, consumed by the next request to an endpoint (after authorization).
    ///
    /// `delay` and `dropMidBody` still do the endpoint's work: events posted are stored, as a real
    /// server would have stored them before its answer was lost. The other faults answer instead of
    /// the endpoint, and nothing is stored.
    public enum Fault: Sendable, Hashable {
        /// Answers with this status, these headers (for example `Retry-After`) and this body; a status
        /// outside 200...599 is sent as 500.
        case status(Int, headers: [String: String] = [:], body: String = "")
        /// Waits this long before answering normally: a slow response.
        case delay(Duration)
        /// Sends the response head announcing the whole body, about half of the body, then closes the
        /// connection. On a stream, the first half of the `put` event; on events, a 202 announcing
        /// a two-byte body that never comes.
        case dropMidBody
        /// Answers 200 with exactly these bytes: invalid, truncated or unusable definitions (with a
        /// fresh ETag), or raw bytes on a stream, which then ends.
        case body([UInt8])
        /// Closes the connection without answering.
        case closeConnection
    }
}
