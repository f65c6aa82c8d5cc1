import Burgee
import BurgeeCore
import BurgeeTestSupport
import Testing

/// `DataSourceConfiguration.custom`: a source written as a closure with `apply` and `fail`.
@Suite("A data source of your own")
struct CustomDataSourceTests {
    static let on = Definitions.document(version: 1, flags: [Definitions.boolFlag("f", true)])
    static let off = Definitions.document(version: 2, flags: [Definitions.boolFlag("f", false)])

    @Test("what the closure applies is served; a rejected document keeps the last good one")
    func appliesAndRejects() async throws {
        let (feed, continuation) = AsyncStream<String>.makeStream()
        let results = AsyncStream<Bool>.makeStream()
        let source = DataSourceConfiguration.custom { apply, _ in
            for await text in feed { results.continuation.yield(await apply(.json(text))) }
        }
        let client = try BurgeeClient(configuration: .init(source: source, logger: TestClients.quietLogger))
        client.start()
        var answers = results.stream.makeAsyncIterator()
        continuation.yield(Self.on)
        #expect(await answers.next() == true)
        #expect(client.boolVariation("f", context: Context(key: "u"), default: false))
        continuation.yield("{not json")
        #expect(await answers.next() == false)
        #expect(client.boolVariation("f", context: Context(key: "u"), default: false))
        #expect(client.dataSourceStatus.state == .interrupted)
        continuation.yield(Self.off)
        #expect(await answers.next() == true)
        #expect(!client.boolVariation("f", context: Context(key: "u"), default: true))
        #expect(client.dataSourceStatus.state == .valid)
        await client.close()
    }

    @Test("fail reports the error in the status; closing the client cancels the closure")
    func failsAndIsCancelled() async throws {
        let cancelled = AsyncStream<Void>.makeStream()
        let source = DataSourceConfiguration.custom { _, fail in
            fail(DataSourceError(kind: .network, message: "bus unreachable"))
            await suspendUntilCancelled()
            cancelled.continuation.yield()
        }
        let client = try BurgeeClient(configuration: .init(source: source, logger: TestClients.quietLogger))
        client.start()
        #expect(await eventually { client.dataSourceStatus.lastError?.message == "bus unreachable" })
        #expect(client.dataSourceStatus.state == .initializing)
        await client.close()
        #expect(await firstElement(cancelled.stream) != nil)
    }
}
