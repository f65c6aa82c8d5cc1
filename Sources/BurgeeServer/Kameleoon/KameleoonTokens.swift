import BurgeeCore
import Foundation

/// The access tokens a server in Kameleoon mode issued at `POST /oauth/token`: opaque random
/// strings, valid for ``lifetimeSeconds``. At most as many unexpired tokens as the server keeps
/// records are remembered (the oldest forgotten first), so memory stays bounded; Kameleoon's SDKs
/// reuse a token until shortly before it expires, so a client needs one at a time.
final class KameleoonTokens: FormatRecords.Record {
    /// How long a token is valid, in seconds: an hour, as Kameleoon's OAuth server answers.
    static let lifetimeSeconds: Int64 = 3600

    private struct State: Sendable {
        /// Each remembered token's expiry, Unix seconds.
        var expiries: [String: Int64] = [:]
        var issued = 0
    }

    private let capacity: Int
    private let state = Locked(State())

    /// Remembers at most `capacity` tokens (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// A new token, valid from `now` (Unix seconds) for ``lifetimeSeconds``.
    func issue(now: Int64) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        state.withLock { s in
            s.expiries = s.expiries.filter { $0.value > now }
            if s.expiries.count >= capacity, let oldest = s.expiries.min(by: { $0.value < $1.value })?.key {
                s.expiries[oldest] = nil
            }
            s.expiries[token] = now + Self.lifetimeSeconds
            s.issued += 1
        }
        return token
    }

    /// Whether `token` is one this server issued and that has not expired at `now`.
    func isValid(_ token: Substring, now: Int64) -> Bool {
        state.withLock { s in s.expiries[String(token)].map { now < $0 } ?? false }
    }

    /// How many tokens were issued in all.
    var issued: Int { state.withLock { $0.issued } }
}
