import Burgee
import BurgeeCore

/// A data source the test drives: it hands its sink over and idles until cancelled.
package final class ManualDataSource: DataSource {
    private let sink = Locked<DataSourceSink?>(nil)
    private let connected = AsyncStream<Void>.makeStream()

    package init() {}

    package func run(_ sink: DataSourceSink) async {
        self.sink.withLock { $0 = sink }
        connected.continuation.yield()
        connected.continuation.finish()
        await suspendUntilCancelled()
    }

    /// Waits until the client runs the source.
    package func waitUntilConnected() async {
        for await _ in connected.stream { return }
    }

    @discardableResult
    package func push(_ json: String) async -> Bool {
        guard let sink = sink.withLock({ $0 }) else { return false }
        return await sink.apply(.json(json))
    }

    package func fail(_ error: DataSourceError) {
        sink.withLock { $0 }?.fail(error)
    }

    package func setState(_ state: DataSourceStatus.State, error: DataSourceError? = nil) {
        sink.withLock { $0 }?.setState(state, error: error)
    }
}
