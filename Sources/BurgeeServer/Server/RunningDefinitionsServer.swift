import ServiceLifecycle

/// A server running in the background, from ``DefinitionsServer/start()``.
public struct RunningDefinitionsServer: Sendable {
    /// The server, for faults, updates and records.
    public let server: DefinitionsServer
    /// The port it listens on.
    public let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// `http://HOST:PORT`, with a loopback address in place of a wildcard host.
    public var baseURL: String {
        var host = server.configuration.host
        if host == "0.0.0.0" || host.isEmpty { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        if host.contains(":") { host = "[\(host)]" }
        return "http://\(host):\(port)"
    }

    /// The URL a client of the served format is given: ``baseURL`` followed by the format's base
    /// path, the one URL a client of that format is configured with (its format's page in `docs/`
    /// says which); ``baseURL`` itself for native Burgee clients, which append `/definitions`,
    /// `/stream` and `/events`.
    public var clientURL: String {
        baseURL + server.servedFormat.clientPath
    }

    /// What `burgee serve` prints once listening: first, for every format,
    /// `Serving <format> definitions from <source> at <clientURL>`; then the routes a client
    /// uses below that URL, OFREP's when the server answers it, and the flag explorer's page when
    /// it shows it.
    public func announcement(source: String) -> [String] {
        let format = server.configuration.format
        var lines = ["Serving \(format.displayName) definitions from \(source) at \(clientURL)"]
        lines += server.servedFormat.routeLines(at: clientURL)
        if server.configuration.servesOFREP {
            lines.append("OFREP: POST \(baseURL)/ofrep/v1/evaluate/flags and …/flags/{key}")
        }
        if server.configuration.servesExplorer {
            lines.append("Explorer: \(baseURL)\(ExplorerRoute.pagePath)")
        }
        return lines
    }

    /// Stops the server: ends open streams, lets requests in progress finish for the configured
    /// grace period, cancels what remains, and returns once the port is released.
    public func stop() async {
        await group.triggerGracefulShutdown()
        let task = self.task
        let grace = server.configuration.shutdownGracePeriod
        await withTaskGroup(of: Bool.self) { waits in
            waits.addTask {
                _ = try? await task.value
                return true
            }
            waits.addTask {
                try? await Task.sleep(for: grace)
                return false
            }
            if await waits.next() == false { task.cancel() }
            waits.cancelAll()
        }
    }

    /// Waits until the server stops, and throws what stopped it if it failed.
    public func wait() async throws {
        try await task.value
    }
}
