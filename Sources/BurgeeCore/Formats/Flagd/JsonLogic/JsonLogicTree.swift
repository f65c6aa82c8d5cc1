/// A JsonLogic expression compiled once into flat tables: evaluation follows node indices and
/// never reads the JSON it came from (see `Evaluator+JsonLogic.swift`).
///
/// A class, read unretained from the program's tables like the other compiled records, so that
/// evaluations on several cores never write its reference count; its own tables are
/// ``ProgramTable``s, read in place, for the same reason.
final class JsonLogicTree: Sendable {
    let nodes: ProgramTable<JsonLogicNode>
    let children: ProgramTable<Int32>
    let constants: ProgramTable<JSONValue>
    let paths: ProgramTable<JsonLogicPath>
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
        self.nodes = ProgramTable(nodes)
        self.children = ProgramTable(children)
        self.constants = ProgramTable(constants)
        self.paths = ProgramTable(paths)
        self.root = root
        self.flagKey = flagKey
        var state = Murmur3(seed: 0)
        state.combine(flagKey)
        flagKeyHash = state
        self.fractionalRule = fractionalRule
        self.source = source
    }

    deinit {
        nodes.release()
        children.release()
        constants.release()
        paths.release()
    }

    /// The value of the root when it is a constant (targeting that is a plain value).
    var constantRoot: JSONValue? {
        let node = nodes[Int(root)]
        return node.operation == .constant ? constants[Int(node.a)] : nil
    }
}
