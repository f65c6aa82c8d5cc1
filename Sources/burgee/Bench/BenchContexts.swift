import BurgeeCore
import Foundation

/// The contexts `burgee bench` evaluates: read from a JSON-lines file (one context per line, in
/// the definitions' own context shape), or generated.
enum BenchContexts {
    /// The contexts of `path`'s lines (blank lines skipped), read by `read` (the format's reader).
    static func read(_ path: String, _ read: (JSONValue) -> Context) throws -> [Context] {
        let bytes = try DefinitionsLoader.read(path)
        var contexts: [Context] = []
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }) else { continue }
            do {
                contexts.append(read(try JSONParser().parse(Array(line))))
            } catch {
                throw CommandFailure("\(path): line \(number) is not a JSON context: \(error)")
            }
        }
        guard !contexts.isEmpty else { throw CommandFailure("\(path): no contexts") }
        return contexts
    }

    /// `count` contexts, each with a distinct key under every name the formats read a key by
    /// (`key`, `targetingKey`, `userId`, `visitorCode`…) and a few common attributes, read by `read`.
    static func generate(_ count: Int, _ read: (JSONValue) -> Context) -> [Context] {
        let countries = ["FR", "DE", "US", "GB", "JP", "BR"]
        let plans = ["free", "pro", "enterprise"]
        return (0..<count).map { i in
            let key = JSONValue.string("bench-user-\(i)")
            return read(["kind": "user", "key": key, "targetingKey": key, "userId": key, "sessionId": key,
                         "visitorCode": key, "country": .string(countries[i % countries.count]),
                         "plan": .string(plans[i % plans.count]), "email": .string("bench-user-\(i)@example.com"),
                         "version": .string("1.\(i % 10).0")])
        }
    }
}
