import BurgeeRedis
import Foundation

/// A real Redis (Debian's `redis-server`) on a free loopback port, for one test: started with no
/// persistence and its debug command on (`DEBUG SLEEP` makes a slow Redis), stopped at the end.
/// `.ci/run` installs it; elsewhere the tests that need it run when it is installed, and always
/// under CI (`CI=true`), where its absence fails them.
package final class RedisServerProcess {
    package static let executable = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    package static var runs: Bool { executable != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    package let process = Process()
    package let port: Int

    /// Starts a server on `port`, requiring `password` when given; returns once it accepts connections.
    package init(port: Int, password: String? = nil) throws {
        guard let executable = Self.executable else { throw Missing() }
        self.port = port
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                         "--enable-debug-command", "yes", "--loglevel", "warning"]
        if let password { arguments += ["--requirepass", password] }
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Runs `body` with a server started on a free port, stopped afterwards.
    package static func with<R>(password: String? = nil, _ body: (RedisServerProcess) async throws -> R) async throws -> R {
        let server = try RedisServerProcess(port: try await LoopbackServer.freePort(), password: password)
        defer { server.stop() }
        try await server.waitUntilListening()
        return try await body(server)
    }

    /// Runs `body` with a server started on a free port and a client of it, both stopped afterwards.
    package static func withClient<R>(_ body: (RedisServerProcess, RedisClient) async throws -> R) async throws -> R {
        try await with { server in
            try await RedisClient.with(RedisConfiguration(port: server.port)) { redis in try await body(server, redis) }
        }
    }

    /// Waits (bounded) until the server accepts a connection.
    package func waitUntilListening() async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if Self.accepts(port: port) { return }
            // A bounded wait for a subprocess: it has no clock of the test's to advance.
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Missing()
    }

    /// Kills the server (SIGKILL: a test process may block SIGTERM, and a child inherits the
    /// blocked signal), without waiting: `Process.waitUntilExit` can hang here.
    package func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Stops the server and waits (bounded) until it has exited.
    package func stopAndWait() async {
        stop()
        let deadline = ContinuousClock.now + .seconds(20)
        // A bounded wait for a subprocess: it has no clock of the test's to advance.
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    deinit { stop() }

    package struct Missing: Error {}

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
