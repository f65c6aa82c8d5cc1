import ServiceLifecycle

/// Sends a heartbeat on every open stream each interval, for as long as the server runs: one
/// timer for all streams, rather than one sleeping task per connection, whose cancelled sleeps
/// would each hold their memory until their deadline.
struct HeartbeatService: Service {
    let store: DefinitionsStore
    let interval: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown { [store, interval] in
            while true {
                do { try await Task.sleep(for: interval) } catch { return }
                store.heartbeat()
            }
        }
    }
}
