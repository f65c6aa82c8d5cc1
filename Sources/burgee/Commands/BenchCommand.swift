import ArgumentParser
import Burgee
import BurgeeCore
import Foundation
import Logging

/// `burgee bench`: times the evaluation of a definitions file's flags through a client's typed
/// getters, as an application calls them, on its own contexts or generated ones.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the evaluation of each flag of a definitions file through the client's typed getters.",
        discussion: """
            Every flag (or those of --flags) is evaluated through a client's typed getter (the type of \
            the value it serves), for the contexts in turn, in batches: per flag, evaluations per \
            second, the p50 and p99 cost of one evaluation (from the batches) and its share of the \
            total. Then every flag in turn on one thread and on --threads threads through the same \
            client, the document's compile time and the resident memory its snapshot adds, and the time \
            a change takes to reach evaluations (one flag patched for formats whose streams \
            patch items, the whole document applied again for the others). Contexts come \
            from --contexts (one per line, in the format's context shape) or are generated. Timings \
            depend on the machine and its load; build with -c release for numbers worth comparing.
            """
    )

    @Option(name: .long, help: "The definitions file (JSON, see --format), or - for standard input.")
    var definitions: String

    @OptionGroup var formatOptions: FormatOptions

    @Option(name: .long, help: "A JSON-lines file of contexts, in the definitions' own context shape.")
    var contexts: String?

    @Option(name: .long, help: "How many contexts to generate when --contexts is not given.")
    var generate: Int = 1000

    @Option(name: .long, help: "The flags to time, comma-separated (all by default).")
    var flags: String?

    @Option(name: .long, help: "Threads for the throughput run (1: no multi-threaded run).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Seconds of timing in all, shared by the flags and the throughput runs.")
    var seconds: Double = 5

    @Flag(name: .long, help: "Print the results as one JSON object.")
    var json = false

    func validate() throws {
        guard generate > 0 else { throw ValidationError("--generate must be positive") }
        guard threads > 0 else { throw ValidationError("--threads must be positive") }
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be positive") }
        if contexts == "-" && definitions == "-" { throw ValidationError("only one of --definitions and --contexts can read standard input") }
    }

    func run() async throws {
        do {
            try await bench()
        } catch let failure as CommandFailure {
            StandardOutput.error("burgee bench: \(failure)")
            throw failure.exitCode
        }
    }

    private func bench() async throws {
        let bytes = try DefinitionsLoader.read(definitions)
        let path = definitions == "-" ? "standard input" : definitions
        let (loaded, compileMilliseconds, snapshotBytes) = try Self.compile(bytes, path: path, format: formatOptions.definitionsFormat)
        let contexts = try self.contexts.map { try BenchContexts.read($0, loaded.context) }
            ?? BenchContexts.generate(generate, loaded.context)
        let keys = try selectedFlags(loaded.snapshot)

        var configuration = BurgeeClient.Configuration(source: .bootstrap(.json(bytes, format: loaded.format)),
                                                       logger: Logger(label: "burgee-bench", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.events = nil
        let client = try BurgeeClient(configuration: configuration)
        client.start()
        guard await client.waitUntilReady(timeout: .seconds(10)) else {
            throw CommandFailure("the client did not become ready (status: \(client.dataSourceStatus))")
        }
        defer { Task { await client.close() } }

        // A quarter of the time for the throughput runs, a tenth for the updates, the rest shared by the flags.
        let perFlag = Duration.seconds(seconds * 0.65 / Double(max(1, keys.count)))
        let bench = FlagBench(client: client, contexts: contexts, batchSize: 256)
        let progress = Progress(enabled: !json && isatty(STDERR_FILENO) != 0)
        var results: [FlagBench.Result] = []
        var measured: [(key: String, getter: FlagBench.Getter)] = []
        for (i, key) in keys.enumerated() {
            progress.show("flag \(i + 1)/\(keys.count): \(key)")
            let getter = FlagBench.getter(key, loaded.snapshot, contexts)
            measured.append((key, getter))
            results.append(bench.run(key, getter: getter, for: perFlag))
        }
        progress.show("all flags, 1 thread")
        let throughput = ThroughputBench(bench: bench, flags: measured)
        let runs = threads > 1 ? 2.0 : 1.0
        let oneThread = throughput.run(threads: 1, for: .seconds(seconds * 0.25 / runs))
        var many: Double?
        if threads > 1 {
            progress.show("all flags, \(threads) threads")
            many = throughput.run(threads: threads, for: .seconds(seconds * 0.25 / runs))
        }
        progress.show("updates")
        let update = try await UpdateBench.run(bytes: bytes, loaded: loaded, flag: keys[0], for: .seconds(seconds * 0.1))
        progress.clear()

        let report = BenchReport(definitions: path, format: loaded.format.name, flagCount: loaded.snapshot.flagKeys.count,
                                 contexts: contexts.count, generatedContexts: self.contexts == nil,
                                 compileMilliseconds: compileMilliseconds, snapshotBytes: snapshotBytes, flags: results,
                                 threads: threads, oneThreadPerSecond: oneThread, threadsPerSecond: many, update: update)
        var out = StandardOutput()
        if json {
            out.writeLine(report.json.serialized())
        } else {
            for line in report.text { out.writeLine(line) }
        }
        out.flush()
    }

    /// The flags to time: those of `--flags`, each known, else every flag.
    private func selectedFlags(_ snapshot: Snapshot) throws -> [String] {
        guard let flags else {
            guard !snapshot.flagKeys.isEmpty else { throw CommandFailure("the definitions have no flags") }
            return snapshot.flagKeys
        }
        let keys = flags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let known = Set(snapshot.flagKeys)
        if let unknown = keys.first(where: { !known.contains($0) }) {
            throw CommandFailure("no flag '\(unknown)' in the definitions")
        }
        guard !keys.isEmpty else { throw CommandFailure("--flags names no flag") }
        return keys
    }

    /// The definitions read and compiled, the median time that takes over a few runs, and the
    /// resident memory one more compiled copy adds.
    static func compile(_ bytes: [UInt8], path: String, format: DefinitionsFormat?) throws
        -> (LoadedDefinitions, Double, Int?)
    {
        func load() throws -> LoadedDefinitions {
            try DefinitionsLoader.load(bytes: bytes, named: path, format: format)
        }
        let first = try load()
        var times: [Double] = []
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        while times.count < 5 && (times.count < 1 || clock.now < deadline) {
            let start = clock.now
            _ = try load()
            times.append(FlagBench.nanoseconds(clock.now - start) / 1e6)
        }
        times.sort()
        // Memory: the growth of the resident set while four more compiled copies are held, per copy
        // (the first compile has warmed the allocator; pages make small documents read coarse).
        let before = ResidentMemory.bytes()
        let held = try (0..<4).map { _ in try load() }
        let after = ResidentMemory.bytes()
        withExtendedLifetime(held) {}
        let bytesHeld = before.flatMap { b in after.map { max(0, $0 - b) / held.count } }
        return (first, times[times.count / 2], bytesHeld)
    }
}

/// A progress line on standard error, rewritten in place, when it is a terminal.
struct Progress {
    let enabled: Bool

    func show(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K burgee bench: " + text).utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
