import NIOCore

extension DefinitionsServer {
    /// The most recent posts Split SDKs sent (impressions, impression counts, events), in arrival
    /// order: at most ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var splitPosts: [SplitPost] {
        records.of(SplitInbox.self).posts
    }

    /// Exact totals of every post Split SDKs sent, dropped ones included.
    public var splitPostStats: SplitPostStats {
        records.of(SplitInbox.self).stats
    }

    /// Sends `message` to every open Split `/event-stream`, as Split's streaming service would: a
    /// control message, a control channel's occupancy (which streams opened later also start
    /// with), or an Ably error. For tests of how SDKs react; file changes are notified by
    /// themselves.
    ///
    /// ```swift
    /// running.server.push(.control(.streamingPaused))
    /// running.server.push(.occupancy(.primary, publishers: 0))
    /// ```
    public func push(_ message: SplitPushMessage) {
        let push = records.of(SplitPushState.self)
        push.withMessageClock(nowMilliseconds: DefinitionsResponder.unixMilliseconds()) { publishers, timestamp in
            let event: ByteBuffer
            switch message {
            case .control(let control):
                event = SplitStreamEvents.control(control, timestamp: timestamp)
            case .occupancy(let channel, let count):
                publishers[channel] = count
                event = SplitStreamEvents.occupancy(channel, publishers: count, timestamp: timestamp)
            case .error(let code, let statusCode, let text):
                event = SplitStreamEvents.error(code: code, statusCode: statusCode, message: text)
            }
            store.broadcast(event)
        }
    }
}
