import BurgeeCore

/// How a flag's variations fall over many generated contexts: what the explorer's rollout view
/// draws beside the configured weights.
enum ExplorerDistribution {
    /// The most contexts one request evaluates.
    static let maxCount = 100_000

    /// Why a distribution request cannot be measured.
    struct Refusal: Error {
        let message: String
    }

    /// What a request asks for, checked.
    struct Parameters {
        let flag: String
        let context: [String: JSONValue]
        let member: String
        let count: Int

        /// The members of a request body: `flag` (required), `context` (an object; the format's
        /// example by default), `member` (a string; the format's key member by default), `count`
        /// (an integer from 1 to ``maxCount``; 10,000 by default).
        init(_ body: [String: JSONValue], exampleContext: JSONValue, keyMember: String) throws(Refusal) {
            guard case .string(let flag)? = body["flag"] else { throw Refusal(message: "'flag' must be a string") }
            self.flag = flag
            switch body["context"] ?? .null {
            case .null: context = exampleContext.objectValue ?? [:]
            case .object(let members): context = members
            default: throw Refusal(message: "'context' must be an object in the format's context shape")
            }
            switch body["member"] ?? .null {
            case .null: member = keyMember
            case .string(let name) where !name.isEmpty: member = name
            default: throw Refusal(message: "'member' must be a non-empty string")
            }
            switch body["count"] ?? .null {
            case .null: count = 10_000
            case .number(let n) where n.int64Value.map { $0 >= 1 && $0 <= Int64(maxCount) } ?? false: count = Int(n.int64Value!)
            default: throw Refusal(message: "'count' must be an integer from 1 to \(maxCount)")
            }
        }
    }

    /// Evaluates the flag for `count` contexts whose `member` is `key-0`, `key-1`, …: `flag`,
    /// `count`, `member`, and `counts` (per variation served, in index order, then the default:
    /// `variation`, `index`, `count`, `share`).
    static func measure(_ p: Parameters, in snapshot: Snapshot, dialect: any ToolingDialect) -> [String: JSONValue] {
        var counts: [Int: Int] = [:]
        var names: [Int: String] = [:]
        var defaults = 0
        var members = p.context
        for i in 0..<p.count {
            members[p.member] = .string("key-\(i)")
            let context = dialect.context(json: .object(members))
            let detail = snapshot.evaluate(p.flag, context: dialect.prepared(context, flag: p.flag, in: snapshot))
            guard let index = detail.variationIndex else {
                defaults += 1
                continue
            }
            counts[index, default: 0] += 1
            if names[index] == nil { names[index] = detail.variationKey ?? String(index) }
        }
        func share(_ n: Int) -> JSONValue { .number(Double(n) / Double(p.count)) }
        var rows: [JSONValue] = counts.keys.sorted().map { index in
            ["variation": .string(names[index] ?? String(index)), "index": .number(Double(index)),
             "count": .number(Double(counts[index] ?? 0)), "share": share(counts[index] ?? 0)]
        }
        if defaults > 0 {
            rows.append(["variation": .null, "index": .null, "count": .number(Double(defaults)), "share": share(defaults)])
        }
        return ["flag": .string(p.flag), "count": .number(Double(p.count)), "member": .string(p.member), "counts": .array(rows)]
    }
}
