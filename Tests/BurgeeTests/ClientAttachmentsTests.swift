import Testing
@testable import Burgee
import BurgeeCore

/// A module's per-client state: made once per client and key, under concurrent first calls too,
/// and released with the client.
@Suite struct ClientAttachmentsTests {
    final class Counter: Sendable {
        let made: Int
        init(made: Int) { self.made = made }
    }

    final class Watched: Sendable {
        let released: Locked<Bool>
        init(released: Locked<Bool>) { self.released = released }
        deinit { released.withLock { $0 = true } }
    }

    static let first = AttachmentKey<Counter>()
    static let second = AttachmentKey<Counter>()
    static let watched = AttachmentKey<Watched>()

    private func client() throws -> BurgeeClient {
        try BurgeeClient(configuration: .init(source: .offline, logger: TestClients.quietLogger))
    }

    @Test func eachKeyHoldsOneObjectPerClient() async throws {
        let client = try client()
        let makes = Locked(0)
        let objects = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    ObjectIdentifier(client.attachment(Self.first) { Counter(made: makes.withLock { $0 += 1; return $0 }) })
                }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(objects.count == 1)
        #expect(makes.withLock { $0 } == 1)
        let other = client.attachment(Self.second) { Counter(made: 0) }
        #expect(ObjectIdentifier(other) != objects.first)
        #expect(client.attachment(Self.second) { Counter(made: 1) }.made == 0)
        let anotherClient = try self.client()
        #expect(anotherClient.attachment(Self.first) { Counter(made: 7) }.made == 7)
    }

    @Test func attachmentsAreReleasedWithTheirClient() throws {
        let released = Locked(false)
        do {
            let client = try client()
            _ = client.attachment(Self.watched) { Watched(released: released) }
            #expect(!released.withLock { $0 })
        }
        #expect(released.withLock { $0 })
    }
}
