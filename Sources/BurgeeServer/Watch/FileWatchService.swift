import ServiceLifecycle

/// Polls a definitions file for as long as the server runs.
struct FileWatchService: Service {
    let watcher: DefinitionsFileWatcher
    let interval: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown { [watcher, interval] in
            await watcher.run(every: interval)
        }
    }
}
