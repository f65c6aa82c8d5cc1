import BurgeeCore

/// What a server in Split mode keeps for push: the secret that signs the tokens it hands out, the
/// control channels' publisher counts that new connections open with, and the last message
/// timestamp, kept rising because Split's SDKs ignore occupancy and control messages older than
/// the last one they read.
///
/// Messages pushed on command are queued on the streams under this lock, as are a new stream's
/// opening messages, so a stream never opens with a count older than one already pushed to others.
final class SplitPushState: FormatRecords.Record {
    private struct State: Sendable {
        var publishers: [SplitPushMessage.ControlChannel: Int] = [.primary: 1, .secondary: 1]
        var lastTimestamp: Int64 = 0
    }

    /// The token's third part: whoever presents it was handed the token by this server.
    let secret: String
    private let state = Locked(State())

    init(capacity: Int) {
        secret = SplitToken.base64URL((0..<24).map { _ in UInt8.random(in: .min ... .max) })
    }

    /// Runs `body` under the lock with the current publisher counts and a fresh timestamp, rising
    /// past every one handed out before.
    func withMessageClock<R>(nowMilliseconds: Int64,
                             _ body: (_ publishers: inout [SplitPushMessage.ControlChannel: Int], _ timestamp: Int64) -> R) -> R {
        state.withLock { s in
            s.lastTimestamp = max(nowMilliseconds, s.lastTimestamp + 1)
            return body(&s.publishers, s.lastTimestamp)
        }
    }
}
