import Benchmark
import Burgee
import BurgeeCore
import EvaluationScenarios
import Foundation

// Memory of a 10,000-flag environment in the client: one snapshot, and the peak while a new
// version replaces it (the old snapshot stays until readers have left, the new one is read and
// compiled beside it), three times in a row: a replaced snapshot that stayed alive would add its
// size at every swap. Each runs once in its own process, like the load runs; both print the
// resident memory read from /proc after each version (the high-water mark reset before each).
func swapMemoryBenchmarks() {
    Benchmark("Memory10000FlagsOneSnapshot") { _ in
        await SwapMemory.run(swap: false)
    }

    Benchmark("Memory10000FlagsSwap") { _ in
        await SwapMemory.run(swap: true)
    }
}

enum SwapMemory {
    /// The realistic 10,000-flag document at `version`.
    static func document(version: Int) -> [UInt8] {
        guard case .object(var fields) = RealisticDocument.make(flags: 10_000, segments: 100) else { fatalError("not an object") }
        fields["version"] = .number(Double(version))
        return Array(JSONValue.object(fields).serialized().utf8)
    }

    static func run(swap: Bool) async {
        let (payloads, feed) = AsyncStream.makeStream(of: [UInt8].self)
        let (applied, acknowledge) = AsyncStream.makeStream(of: Bool.self)
        let swaps = 3
        // The documents are made before measuring: their JSON text is part of the base.
        let documents = (1...(swap ? swaps + 1 : 1)).map { document(version: $0) }
        let client = try! BurgeeClient(configuration: .init(
            source: .custom { apply, _ in
                for await bytes in payloads { acknowledge.yield(await apply(.json(bytes))) }
            },
            logger: EventLoad.quiet))
        client.start()
        let base = Status.read()
        var acknowledgements = applied.makeAsyncIterator()
        for (i, bytes) in documents.enumerated() {
            Status.resetPeak()
            let before = Status.read()
            feed.yield(bytes)
            let accepted = await acknowledgements.next()
            precondition(accepted == true, "version \(i + 1) was not applied")
            // The replaced snapshot is freed once its readers have left: the writer's grace period.
            try? await Task.sleep(for: .milliseconds(200))
            let after = Status.read()
            print("version \(i + 1): resident \(after.megabytes(\.resident)) (base \(base.megabytes(\.resident))),"
                  + " peak while applying \(after.megabytes(\.peak)), +\((after.peak - before.resident) / 1_000_000) MB above the state before it")
        }
        feed.finish()
        await client.close()
    }

    /// `VmRSS` and `VmHWM` of /proc/self/status.
    struct Status {
        var resident = 0
        var peak = 0

        static func read() -> Status {
            var status = Status()
            guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return status }
            for line in text.split(separator: "\n") {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 2, let kilobytes = Int(fields[1]) else { continue }
                if fields[0] == "VmRSS:" { status.resident = kilobytes * 1024 }
                if fields[0] == "VmHWM:" { status.peak = kilobytes * 1024 }
            }
            return status
        }

        /// Resets the high-water mark (`VmHWM`) to the current resident size (Linux 4.0 and later).
        static func resetPeak() {
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        }

        func megabytes(_ field: KeyPath<Status, Int>) -> String {
            String(format: "%.1f MB", Double(self[keyPath: field]) / 1_000_000)
        }
    }
}
