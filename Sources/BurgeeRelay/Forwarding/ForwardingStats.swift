/// What a relay did with the posts its clients sent: exact totals since it started.
public struct ForwardingStats: Sendable, Hashable, CustomStringConvertible {
    /// Posts handed to the forwarder (every post the server accepted).
    public var received = 0
    /// Posts the upstream accepted (a 2xx answer).
    public var sent = 0
    /// Posts given up: refused by the upstream (a 4xx other than 408 and 429), still failing after
    /// the last attempt, or not sent before the relay stopped.
    public var dropped = 0
    /// Posts refused on arrival because ``RelayForwarding/capacity`` posts were already waiting;
    /// counted in ``dropped`` too.
    public var overflowed = 0
    /// Attempts that failed and were tried again.
    public var retries = 0

    /// Posts waiting to be sent, or being sent.
    public var pending: Int { received - sent - dropped }

    /// A reading with nothing counted.
    public init() {}

    /// `received 12, sent 11, dropped 1 (overflowed 0), retries 2, pending 0`.
    public var description: String {
        "received \(received), sent \(sent), dropped \(dropped) (overflowed \(overflowed)), retries \(retries), pending \(pending)"
    }
}
