import ServiceLifecycle

/// Polls a definitions file for as long as the server runs.
struct FileWatchService: Service {
    let watcher: DefinitionsFileWatcher
    let interval: Duration
    let clock: any Clock<Duration>

    func run() async throws {
        await cancelWhenGracefulShutdown { [watcher, interval, clock] in
            await watcher.run(every: interval, on: clock)
        }
    }
}
