/// A JsonLogic expression compiled once into flat tables: evaluation follows node indices and
/// never reads the JSON it came from (see `Evaluator+JsonLogic.swift`).
///
/// A class, read unretained from the program's tables like the other compiled records, so that
/// evaluations on several cores never write its reference count.
final class JsonLogicTree: Sendable {
    let nodes: [JsonLogicNode]
    let children: [Int32]
    let constants: [JSONValue]
    let paths: [JsonLogicPath]
    let root: Int32
    /// The flag's key: `$flagd.flagKey`, and the default bucketing prefix of `fractional`.
    let flagKey: String
    /// The murmur3 state after the flag key, for `fractional`'s default bucketing value.
    let flagKeyHash: Murmur3
    let fractionalRule: FlagdFractionalRule
    /// The expression as written, for `explain`.
    let source: JSONValue

    init(nodes: [JsonLogicNode], children: [Int32], constants: [JSONValue], paths: [JsonLogicPath], root: Int32,
         flagKey: String, fractionalRule: FlagdFractionalRule, source: JSONValue) {
        self.nodes = nodes
        self.children = children
        self.constants = constants
        self.paths = paths
        self.root = root
        self.flagKey = flagKey
        var state = Murmur3(seed: 0)
        state.combine(flagKey)
        flagKeyHash = state
        self.fractionalRule = fractionalRule
        self.source = source
    }

    /// The value of the root when it is a constant (targeting that is a plain value).
    var constantRoot: JSONValue? {
        let node = nodes[Int(root)]
        return node.operation == .constant ? constants[Int(node.a)] : nil
    }
}
