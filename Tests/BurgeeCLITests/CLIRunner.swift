import Foundation

/// Runs the built `burgee` executable as a subprocess, as people and other SDKs' harnesses do.
struct CLIRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The executable sits beside the test bundle in the build products folder.
    static let executable: URL = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: dir.appendingPathComponent("burgee").path) {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("burgee")
    }()

    /// Runs the command on a thread of its own and waits for it there.
    static func run(_ arguments: [String], stdin: String? = nil) async throws -> Outcome {
        try await offThePool { try runBlocking(arguments, stdin: stdin) }
    }

    /// Runs `work` on a new thread and suspends until it ends. Waiting for a subprocess on one of
    /// the threads of Swift's cooperative pool (as many as there are cores: two here) would stall
    /// every other test while it waits, and their deadlines would pass without their code running.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result(catching: work)) }.start()
        }
    }

    private static func runBlocking(_ arguments: [String], stdin: String?) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so that a large output cannot block the child.
        let outData = try out.fileHandleForReading.readAll()
        let errData = try err.fileHandleForReading.readAll()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A temporary directory with files, removed at the end of a test.
final class TemporaryFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("burgee-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
