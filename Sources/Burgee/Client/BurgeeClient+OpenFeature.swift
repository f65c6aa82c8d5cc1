extension BurgeeClient {
    /// The client's status in OpenFeature's terms, from ``isReady`` and ``dataSourceStatus``
    /// (see ``ProviderStatus``).
    public var providerStatus: ProviderStatus {
        ProviderStatus(isReady: isReady, dataSource: dataSourceStatus)
    }

    /// The client's events from now on as OpenFeature provider events: `PROVIDER_READY`,
    /// `PROVIDER_STALE`, `PROVIDER_ERROR`, `PROVIDER_CONFIGURATION_CHANGED`. It ends when the
    /// client is closed. Each call makes a new subscription.
    public func providerEvents() -> AsyncStream<ProviderEvent> {
        let events = broadcaster.subscribe()
        let (stream, continuation) = AsyncStream<ProviderEvent>.makeStream()
        var mapping = ProviderEventMapping(status: providerStatus)
        let task = Task {
            for await event in events {
                if let mapped = mapping.map(event) { continuation.yield(mapped) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
