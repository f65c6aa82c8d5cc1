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
    /// The murmur3 state after `[flagKey, ` in canonical CBOR: the CBOR rule's default bucketing
    /// value is the array `[flagKey, targetingKey]`.
    let cborFlagKeyHash: Murmur3
    /// The format's operators, injected member and `fractional` bucketing.
    let language: JsonLogicLanguage
    /// The expression as written, for `explain`.
    let source: JSONValue
    /// The flag's variants whose names are numbers as JSON writes them (`"1"`, `"2.5"`): a number
    /// that targeting yields names the variant written as its text, as flagd's evaluators read it.
    let numericVariants: ProgramTable<NumericVariant>

    init(nodes: [JsonLogicNode], children: [Int32], constants: [JSONValue], paths: [JsonLogicPath], root: Int32,
         flagKey: String, language: JsonLogicLanguage, source: JSONValue, variantNames: [String] = []) {
        self.nodes = ProgramTable(nodes)
        self.children = ProgramTable(children)
        self.constants = ProgramTable(constants)
        self.paths = ProgramTable(paths)
        self.root = root
        self.flagKey = flagKey
        var state = Murmur3(seed: 0)
        state.combine(flagKey)
        flagKeyHash = state
        var cbor = Murmur3(seed: 0)
        CBORHashing.pairHeader(into: &cbor)
        CBORHashing.combine(.string(flagKey), into: &cbor)
        cborFlagKeyHash = cbor
        self.language = language
        self.source = source
        var numeric: [NumericVariant] = []
        for (i, name) in variantNames.enumerated() {
            if let n = Double(name), n.isFinite, JsonLogicValues.numberText(n) == name {
                numeric.append(NumericVariant(value: n, index: Int32(i)))
            }
        }
        numericVariants = ProgramTable(numeric)
    }

    deinit {
        nodes.release()
        children.release()
        constants.release()
        paths.release()
        numericVariants.release()
    }

    /// The index of the variant whose name is `n` written as JSON, -1 when none is.
    func variant(named n: Double) -> Int32 {
        var i = 0
        while i < numericVariants.count {
            if numericVariants[i].value == n { return numericVariants[i].index }
            i += 1
        }
        return -1
    }
}
