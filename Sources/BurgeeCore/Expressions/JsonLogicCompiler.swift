/// Compiles JSON into a ``JsonLogicTree``, once, when definitions load.
///
/// An object with exactly one member is an operation (an unknown operator is an error); any other
/// object, and every array and scalar, is data. Nesting deeper than ``maxDepth`` is an error, so
/// that evaluation recursion stays shallow on any thread.
struct JsonLogicCompiler {
    /// Why an expression cannot compile, and where.
    struct Failure: Error, Sendable {
        var path: JSONPointer
        var message: String
    }

    /// The deepest nesting of operations and arrays accepted.
    static let maxDepth = 64

    /// The format's operators and injected member.
    let language: JsonLogicLanguage
    private var nodes: [JsonLogicNode] = []
    private var children: [Int32] = []
    private var constants: [JSONValue] = []
    private var paths: [JsonLogicPath] = []

    /// Compiles `json`, found at `path`, for the flag `flagKey`.
    /// `variantNames`: the flag's variants, when the tree's value names one (``JsonLogicTree/numericVariants``).
    static func compile(_ json: JSONValue, at path: JSONPointer, language: JsonLogicLanguage, flagKey: String,
                        variantNames: [String] = []) -> Result<JsonLogicTree, Failure> {
        var compiler = JsonLogicCompiler(language: language)
        compiler.flagKeyText = flagKey
        do {
            let root = try compiler.node(json, at: path, depth: 0, inElement: false)
            return .success(JsonLogicTree(nodes: compiler.nodes, children: compiler.children, constants: compiler.constants,
                                          paths: compiler.paths, root: root, flagKey: flagKey,
                                          language: language, source: json, variantNames: variantNames))
        } catch {
            return .failure(error)
        }
    }

    private mutating func add(_ operation: JsonLogicOperation, _ a: Int32, _ b: Int32) -> Int32 {
        nodes.append(JsonLogicNode(operation: operation, a: a, b: b))
        return Int32(nodes.count - 1)
    }

    private mutating func constant(_ value: JSONValue) -> Int32 {
        constants.append(value)
        return add(.constant, Int32(constants.count - 1), 0)
    }

    private func isConstant(_ node: Int32) -> Bool { nodes[Int(node)].operation == .constant }

    private mutating func list(_ nodes: [Int32]) -> (Int32, Int32) {
        let start = Int32(children.count)
        children += nodes
        return (start, Int32(nodes.count))
    }

    /// `inElement`: inside the body of `map`, `filter`, `reduce`, `all`, `some` or `none`, where
    /// `var` reads the element, not the context.
    private mutating func node(_ json: JSONValue, at path: JSONPointer, depth: Int, inElement: Bool) throws(Failure) -> Int32 {
        guard depth <= Self.maxDepth else {
            throw Failure(path: path, message: "nested deeper than \(Self.maxDepth) levels")
        }
        switch json {
        case .array(let elements):
            let parts = try elements.enumerated().map { (i, e) throws(Failure) in
                try node(e, at: path.appending(i), depth: depth + 1, inElement: inElement)
            }
            // An array of constants is one constant, so evaluating it copies no elements.
            if parts.allSatisfy({ isConstant($0) }) { return constant(json) }
            let (start, count) = list(parts)
            return add(.array, start, count)
        case .object(let members) where members.count == 1:
            let (name, operands) = members.first!
            guard let operation = language.operations[name] else {
                throw Failure(path: path.appending(name), message: "unknown JsonLogic operator '\(name)'")
            }
            return try self.operation(operation, name, operands, at: path.appending(name), depth: depth, inElement: inElement)
        default:
            return constant(json)
        }
    }

    private mutating func operation(_ operation: JsonLogicOperation, _ name: String, _ operands: JSONValue,
                                    at path: JSONPointer, depth: Int, inElement: Bool) throws(Failure) -> Int32 {
        // A single operand may be written without its array: {"var":"x"}, {"!":true}.
        let args: [JSONValue]
        let argPath: (Int) -> JSONPointer
        if case .array(let a) = operands {
            args = a
            argPath = { path.appending($0) }
        } else {
            args = [operands]
            argPath = { _ in path }
        }
        func compiled(_ i: Int, inElement e: Bool) throws(Failure) -> Int32 {
            try node(args[i], at: argPath(i), depth: depth + 1, inElement: e)
        }
        switch operation {
        case .variable:
            return try variable(args, argPath, depth: depth, inElement: inElement)
        case .map, .filter, .all, .some, .none, .reduce:
            var parts: [Int32] = []
            for i in args.indices {
                // The second operand runs for each element, with the element as its data.
                parts.append(try compiled(i, inElement: i == 1 ? true : inElement))
            }
            let (start, count) = list(parts)
            return add(operation, start, count)
        case .fractional:
            return try fractional(args, argPath, depth: depth, inElement: inElement)
        default:
            var parts: [Int32] = []
            for i in args.indices { parts.append(try compiled(i, inElement: inElement)) }
            let (start, count) = list(parts)
            return add(operation, start, count)
        }
    }

    private mutating func variable(_ args: [JSONValue], _ argPath: (Int) -> JSONPointer, depth: Int,
                                   inElement: Bool) throws(Failure) -> Int32 {
        let defaultNode: Int32 = args.count > 1 ? try node(args[1], at: argPath(1), depth: depth + 1, inElement: inElement) : -1
        let pathText: String
        switch args.first ?? .null {
        case .null: pathText = ""
        case .string(let s): pathText = s
        case .number(let n): pathText = JsonLogicValues.numberText(n.doubleValue)
        case .bool, .array, .object:
            let pathNode = try node(args[0], at: argPath(0), depth: depth + 1, inElement: inElement)
            let parts = defaultNode >= 0 ? [pathNode, defaultNode] : [pathNode]
            let (start, count) = list(parts)
            return add(.dynamicVariable, start, count)
        }
        if !inElement {
            // The injected member's: the flag key is known now, the time is read once per evaluation.
            if pathText == language.flagKeyPath { return constant(.string(flagKeyText)) }
            if pathText == language.timestampPath { return add(.timestamp, 0, 0) }
        }
        paths.append(JsonLogicPath(pathText))
        return add(.variable, Int32(paths.count - 1), defaultNode)
    }

    /// The flag's key, which `$flagd.flagKey` reads.
    private var flagKeyText = ""

    private mutating func fractional(_ args: [JSONValue], _ argPath: (Int) -> JSONPointer, depth: Int,
                                     inElement: Bool) throws(Failure) -> Int32 {
        // flagd's evaluators answer `null` for a `fractional` they cannot read (no bucket, a
        // bucket that is not `[variant, weight?]`): its operands still compile, so that an unknown
        // operator inside stays an error, and the operation yields `null`.
        var first = 0
        var parts: [Int32] = []
        var readable = !args.isEmpty
        // The first operand is the bucketing expression unless it is a bucket: an array literal.
        if let head = args.first, case .array = head {
            parts.append(-1)
        } else if !args.isEmpty {
            parts.append(try node(args[0], at: argPath(0), depth: depth + 1, inElement: inElement))
            first = 1
        }
        if first >= args.count { readable = false }
        for i in first..<max(first, args.count) {
            guard case .array(let bucket) = args[i], !bucket.isEmpty else {
                _ = try node(args[i], at: argPath(i), depth: depth + 1, inElement: inElement)
                readable = false
                continue
            }
            parts.append(try node(bucket[0], at: argPath(i).appending(0), depth: depth + 2, inElement: inElement))
            if bucket.count >= 2 {
                parts.append(try node(bucket[1], at: argPath(i).appending(1), depth: depth + 2, inElement: inElement))
            } else {
                parts.append(-1)
            }
        }
        guard readable else { return constant(.null) }
        let (start, count) = list(parts)
        return add(.fractional, start, count)
    }
}
