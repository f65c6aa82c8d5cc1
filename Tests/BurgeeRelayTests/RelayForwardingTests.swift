import Burgee
import BurgeeCore
import BurgeeRelay
import BurgeeServer
import BurgeeTestSupport
import Testing

/// What a relay's clients post reaches the upstream, each post once: the upstream counts what the
/// relay counted.
@Suite("relay: forwarding")
struct RelayForwardingTests {
    static let formats = RelayDocument.all.filter { !RelayPost.of($0.format).isEmpty }

    @Test("every post the relay accepts reaches the upstream: both count the same", arguments: formats)
    func exactCounts(document: RelayDocument) async throws {
        try await RelayHarness.with(document) { h throws in
            let posts = RelayPost.of(document.format)
            for post in posts {
                let answer = try await h.send(post, to: h.relay.server)
                #expect((200..<300).contains(answer.status), "\(post.path): \(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
            }
            let forwarded = try await eventually { h.relay.forwardingStats.pending == 0 && h.relay.forwardingStats.received > 0 }
            #expect(forwarded, "\(h.relay.forwardingStats)")
            // One post sent on for each request, the evaluator's included (an impression, an event).
            let stats = h.relay.forwardingStats
            #expect(stats.dropped == 0 && stats.sent == posts.count && stats.received == posts.count, "\(stats)")
            let relayed = try await h.eventStats(at: h.relay.server)
            let received = try await h.eventStats(at: h.upstream)
            #expect(relayed == received, "relay \(relayed.serialized())\nupstream \(received.serialized())")
        }
    }

    @Test("a post the upstream answers 503 or 429 is sent again, once the clock has moved")
    func retried() async throws {
        try await RelayHarness.with(.native) { h throws in
            h.upstream.server.inject(.status(503), on: .events)
            h.upstream.server.inject(.status(429, headers: ["Retry-After": "1"]), on: .events)
            let answer = try await h.send(RelayPost.of(.native)[0], to: h.relay.server)
            #expect(answer.status == 202)
            let sent = try await drive(h.clock, by: .milliseconds(500), beyond: 1) { h.relay.forwardingStats.sent == 1 }
            #expect(sent, "\(h.relay.forwardingStats)")
            #expect(h.relay.forwardingStats.retries == 2)
            #expect(h.upstream.server.eventStats.requests == 1)
        }
    }

    @Test("a post the upstream refuses (400), or still failing after the last attempt, is dropped and counted")
    func dropped() async throws {
        try await RelayHarness.with(.native, forwarding: RelayForwarding(maxAttempts: 2, retryDelay: .milliseconds(500))) { h throws in
            h.upstream.server.inject(.status(400), on: .events)
            h.upstream.server.inject(.status(500), on: .events, times: 2)
            for post in RelayPost.of(.native) { _ = try await h.send(post, to: h.relay.server) }
            let done = try await drive(h.clock, by: .milliseconds(500), beyond: 1) { h.relay.forwardingStats.pending == 0 }
            #expect(done, "\(h.relay.forwardingStats)")
            let stats = h.relay.forwardingStats
            #expect(stats.received == 2 && stats.dropped == 2 && stats.sent == 0 && stats.retries == 1, "\(stats)")
            #expect(h.upstream.server.eventStats.requests == 0)
        }
    }

    @Test("a post beyond the queue's capacity is dropped and counted as overflowed")
    func overflow() async throws {
        // The upstream holds each post a while: those behind it wait in the queue.
        try await RelayHarness.with(.native, forwarding: RelayForwarding(capacity: 1)) { h throws in
            h.upstream.server.inject(.delay(.milliseconds(300)), on: .events, times: 5)
            for _ in 0..<5 { _ = try await h.send(RelayPost.of(.native)[0], to: h.relay.server) }
            let done = try await eventually { h.relay.forwardingStats.pending == 0 }
            let stats = h.relay.forwardingStats
            #expect(done, "\(stats)")
            #expect(stats.received == 5 && stats.overflowed > 0 && stats.sent + stats.dropped == 5, "\(stats)")
            #expect(h.upstream.server.eventStats.requests == stats.sent)
        }
    }

    @Test("with forwarding off, posts stay on the relay")
    func off() async throws {
        try await RelayHarness.with(.native, forwarding: .off) { h throws in
            for post in RelayPost.of(.native) { _ = try await h.send(post, to: h.relay.server) }
            #expect(h.relay.server.server.eventStats.requests == 2)
            #expect(h.relay.forwardingStats == ForwardingStats())
            #expect(h.upstream.server.eventStats.requests == 0)
        }
    }
}
