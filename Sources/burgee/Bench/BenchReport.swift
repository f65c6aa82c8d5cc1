import BurgeeCore
import Foundation

/// What `burgee bench` measured, as text for people or JSON for machines.
struct BenchReport {
    var definitions: String
    var format: String
    var flagCount: Int
    var contexts: Int
    var generatedContexts: Bool
    /// Median time to read and compile the document, in milliseconds.
    var compileMilliseconds: Double
    /// Resident memory the first compiled snapshot added; `nil` where it cannot be read.
    var snapshotBytes: Int?
    var flags: [FlagBench.Result]
    var threads: Int
    var oneThreadPerSecond: Double
    var threadsPerSecond: Double?
    /// How long a change took to reach evaluations.
    var update: UpdateBench.Result

    var scaling: Double? { threadsPerSecond.map { oneThreadPerSecond > 0 ? $0 / oneThreadPerSecond : 0 } }

    /// Each flag's share of the time all of them took at one evaluation each (p50).
    func share(_ result: FlagBench.Result) -> Double {
        let total = flags.reduce(0) { $0 + $1.p50Nanoseconds }
        return total > 0 ? result.p50Nanoseconds / total : 0
    }

    var json: JSONValue {
        var o: [String: JSONValue] = [
            "definitions": .string(definitions), "format": .string(format), "flagCount": .number(Double(flagCount)),
            "contexts": .number(Double(contexts)), "generatedContexts": .bool(generatedContexts),
            "compile": ["milliseconds": .number(Self.rounded(compileMilliseconds, 3)),
                        "snapshotBytes": snapshotBytes.map { .number(Double($0)) } ?? .null,
                        "bytesPerFlag": bytesPerFlag.map { .number(Double($0)) } ?? .null],
            "flags": .array(flags.map { r in
                ["key": .string(r.key), "getter": .string(r.getter), "evaluations": .number(Double(r.evaluations)),
                 "evaluationsPerSecond": .number(r.evaluationsPerSecond.rounded()),
                 "p50Nanoseconds": .number(Self.rounded(r.p50Nanoseconds, 1)),
                 "p99Nanoseconds": .number(Self.rounded(r.p99Nanoseconds, 1)), "share": .number(Self.rounded(share(r), 4))]
            }),
        ]
        var throughput: [String: JSONValue] = ["threads": .number(Double(threads)),
                                               "oneThreadPerSecond": .number(oneThreadPerSecond.rounded())]
        if let threadsPerSecond, let scaling {
            throughput["threadsPerSecond"] = .number(threadsPerSecond.rounded())
            throughput["scaling"] = .number(Self.rounded(scaling, 2))
        }
        o["throughput"] = .object(throughput)
        o["update"] = ["kind": .string(update.kind), "updates": .number(Double(update.updates)),
                       "p50Milliseconds": .number(Self.rounded(update.p50Milliseconds, 3)),
                       "maxMilliseconds": .number(Self.rounded(update.maxMilliseconds, 3)),
                       "residentBytesAdded": update.residentBytesAdded.map { .number(Double($0)) } ?? .null,
                       "changedDocument": update.changedDocument.map { timing in
                           ["updates": .number(Double(timing.updates)),
                            "p50Milliseconds": .number(Self.rounded(timing.p50Milliseconds, 3)),
                            "maxMilliseconds": .number(Self.rounded(timing.maxMilliseconds, 3))]
                       } ?? .null]
        return .object(o)
    }

    var bytesPerFlag: Int? { snapshotBytes.map { flagCount > 0 ? $0 / flagCount : $0 } }

    var text: [String] {
        var lines: [String] = []
        let source = generatedContexts ? "\(contexts) generated contexts" : "\(contexts) contexts"
        lines.append("\(flagCount) \(format) flags from \(definitions), \(source)")
        var compile = "compile: \(Self.fixed(compileMilliseconds, 2)) ms (median)"
        if let snapshotBytes, let bytesPerFlag {
            compile += ", snapshot \(Self.grouped(snapshotBytes)) bytes resident (\(Self.grouped(bytesPerFlag)) per flag)"
        }
        lines.append(compile)
        let change = update.kind == "patch" ? "one flag patched" : "the whole document applied again"
        var updated = "update (\(change)) to new snapshot: \(Self.fixed(update.p50Milliseconds, 2)) ms p50, "
            + "\(Self.fixed(update.maxMilliseconds, 2)) ms max over \(update.updates)"
        if let added = update.residentBytesAdded { updated += ", resident +\(Self.grouped(added)) bytes" }
        lines.append(updated)
        if let timing = update.changedDocument {
            lines.append("update (the whole document, one flag changed) to new snapshot: \(Self.fixed(timing.p50Milliseconds, 2)) ms p50, "
                         + "\(Self.fixed(timing.maxMilliseconds, 2)) ms max over \(timing.updates)")
        }
        lines.append("")
        let width = max(4, flags.map(\.key.count).max() ?? 0)
        func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, n - s.count))
            return left ? s + fill : fill + s
        }
        lines.append(pad("flag", width, left: true) + "  getter  " + pad("evals/s", 13) + pad("p50 ns", 9) + pad("p99 ns", 9) + pad("share", 8))
        for r in flags {
            lines.append(pad(r.key, width, left: true) + "  " + pad(r.getter, 6, left: true) + "  "
                         + pad(Self.grouped(Int(r.evaluationsPerSecond.rounded())), 13) + pad(Self.fixed(r.p50Nanoseconds, 1), 9)
                         + pad(Self.fixed(r.p99Nanoseconds, 1), 9) + pad(Self.fixed(share(r) * 100, 1) + " %", 8))
        }
        lines.append("")
        lines.append("all flags in turn, 1 thread: \(Self.grouped(Int(oneThreadPerSecond.rounded()))) evaluations/s")
        if let threadsPerSecond, let scaling {
            lines.append("all flags in turn, \(threads) threads: \(Self.grouped(Int(threadsPerSecond.rounded()))) evaluations/s "
                         + "(\(Self.fixed(scaling, 2))× one thread)")
        }
        return lines
    }

    static func rounded(_ x: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (x * scale).rounded() / scale
    }

    static func fixed(_ x: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", x)
    }

    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }
}
