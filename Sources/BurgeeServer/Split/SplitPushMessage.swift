/// A message a server in Split mode pushes to the open `/event-stream` connections on command,
/// as Split's streaming service would: a control message, an occupancy change of a control
/// channel, or an Ably error. Send one with ``DefinitionsServer/push(_:)``.
public enum SplitPushMessage: Sendable, Hashable {
    /// What a `CONTROL` message asks of the SDKs.
    public enum Control: String, Sendable, Hashable, CaseIterable {
        /// `STREAMING_ENABLED`: streaming is back; SDKs stop polling.
        case streamingEnabled = "STREAMING_ENABLED"
        /// `STREAMING_PAUSED`: SDKs keep the connection and poll until streaming is enabled again.
        case streamingPaused = "STREAMING_PAUSED"
        /// `STREAMING_DISABLED`: SDKs close the connection and poll from then on.
        case streamingDisabled = "STREAMING_DISABLED"
    }

    /// One of the two control channels, whose occupancy tells SDKs whether notifications can arrive.
    public enum ControlChannel: String, Sendable, Hashable, CaseIterable {
        /// `control_pri`.
        case primary = "control_pri"
        /// `control_sec`.
        case secondary = "control_sec"
    }

    /// A `CONTROL` message on `control_pri`.
    case control(Control)
    /// A `[meta]occupancy` message: `publishers` on `channel`. New connections open with the
    /// last count sent for each channel (1 until one is sent).
    case occupancy(ControlChannel, publishers: Int)
    /// An Ably error event (`event: error`); Split's SDKs reconnect on codes 40140…40149, poll for
    /// good on other codes 40000…49999, and ignore the rest.
    case error(code: Int, statusCode: Int, message: String)
}
