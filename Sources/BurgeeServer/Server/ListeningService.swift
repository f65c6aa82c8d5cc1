import ServiceLifecycle

/// Runs a server and reports its port once it listens: what ``DefinitionsServer/start()`` waits for.
struct ListeningService: Service {
    let server: DefinitionsServer
    let onListening: @Sendable (Int) -> Void

    func run() async throws {
        try await server.run(onListening: onListening)
    }
}
