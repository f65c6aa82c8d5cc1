extension JsonLogicTree {
    /// The first `fractional` of the expression whose buckets are constants, as the shares of its
    /// variants (weights over their total; a bucket without a weight weighs 1) and what it
    /// buckets by, for a person reading the rollout (the flag explorer); `nil` when there is none.
    var fractionalOutline: (by: String, shares: [(variant: String, share: Double)])? {
        for n in 0..<nodes.count {
            let node = nodes[n]
            guard node.operation == .fractional else { continue }
            var shares: [(variant: String, weight: Double)] = []
            var i = node.a &+ 1
            var readable = true
            while i < node.a &+ node.b {
                let variantNode = children[Int(i)], weightNode = children[Int(i &+ 1)]
                guard let variant = constant(variantNode), let weight = weightNode < 0 ? .number(1) : constant(weightNode),
                      case .number(let number) = weight, case let w = number.doubleValue, w >= 0 else {
                    readable = false
                    break
                }
                shares.append((variant.stringValue ?? variant.serialized(), w))
                i &+= 2
            }
            let total = shares.reduce(0) { $0 + $1.weight }
            guard readable, total > 0 else { continue }
            let bucketing = children[Int(node.a)]
            let by = bucketing < 0 ? "targetingKey (with the flag key)" : Self.firstFractionalArgument(in: source)?.serialized() ?? "an expression"
            return (by, shares.map { ($0.variant, $0.weight / total) })
        }
        return nil
    }

    /// The bucketing expression of the first `fractional` written in `json`.
    private static func firstFractionalArgument(in json: JSONValue) -> JSONValue? {
        switch json {
        case .object(let members):
            if case .array(let args)? = members["fractional"], let first = args.first, first.arrayValue == nil { return first }
            for (_, value) in members.sorted(by: { $0.key < $1.key }) {
                if let found = firstFractionalArgument(in: value) { return found }
            }
        case .array(let elements):
            for element in elements {
                if let found = firstFractionalArgument(in: element) { return found }
            }
        default: break
        }
        return nil
    }

    private func constant(_ node: Int32) -> JSONValue? {
        guard node >= 0, nodes[Int(node)].operation == .constant else { return nil }
        return constants[Int(nodes[Int(node)].a)]
    }
}
