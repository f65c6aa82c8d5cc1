/// Evaluates compiled JsonLogic (``JsonLogicTree``) for the evaluator's context.
///
/// Values are ``JSONValue``s: reading the context, constants and comparisons copy references at
/// most, never allocate; only operations that make new values (`cat`, `merge`, `map`, array
/// literals with computed elements…) allocate. Every operation is total: an operand of the wrong
/// type gives JsonLogic's answer for it (often `null` or `false`), never a failure.
extension Evaluator {
    /// The value of node `n`; `data` is the element of `map`, `filter`… or `nil` for the context.
    mutating func logic(_ tree: JsonLogicTree, _ n: Int32, _ data: JSONValue?) -> JSONValue {
        let node = tree.nodes[Int(n)]
        switch node.operation {
        case .constant:
            return tree.constants[Int(node.a)]
        case .variable:
            if let value = lookup(tree.paths[Int(node.a)], data) { return value }
            return node.b >= 0 ? logic(tree, node.b, data) : .null
        case .timestamp:
            return .number(Double(clockReading().seconds))
        case .if:
            var i = node.a
            let end = node.a &+ node.b
            while i &+ 1 < end {
                if JsonLogicValues.truthy(logic(tree, tree.children[Int(i)], data)) {
                    return logic(tree, tree.children[Int(i &+ 1)], data)
                }
                i &+= 2
            }
            return i < end ? logic(tree, tree.children[Int(i)], data) : .null
        case .equals:
            return .bool(JsonLogicValues.looseEquals(argument(tree, node, 0, data), argument(tree, node, 1, data)))
        case .notEquals:
            return .bool(!JsonLogicValues.looseEquals(argument(tree, node, 0, data), argument(tree, node, 1, data)))
        case .strictEquals:
            return .bool(JsonLogicValues.strictEquals(argument(tree, node, 0, data), argument(tree, node, 1, data)))
        case .strictNotEquals:
            return .bool(!JsonLogicValues.strictEquals(argument(tree, node, 0, data), argument(tree, node, 1, data)))
        case .not:
            return .bool(!JsonLogicValues.truthy(argument(tree, node, 0, data)))
        case .truthy:
            return .bool(JsonLogicValues.truthy(argument(tree, node, 0, data)))
        case .or, .and:
            // The first value that decides (truthy for `or`, falsy for `and`), else the last.
            var last: JSONValue = .null
            for i in node.a..<(node.a &+ node.b) {
                last = logic(tree, tree.children[Int(i)], data)
                if JsonLogicValues.truthy(last) == (node.operation == .or) { return last }
            }
            return last
        case .less, .lessOrEqual:
            let a = argument(tree, node, 0, data), b = argument(tree, node, 1, data)
            guard holds(node.operation, JsonLogicValues.order(a, b)) else { return .bool(false) }
            // Three operands: between, `a < b < c`.
            if node.b >= 3 { return .bool(holds(node.operation, JsonLogicValues.order(b, argument(tree, node, 2, data)))) }
            return .bool(true)
        case .greater:
            return .bool(JsonLogicValues.order(argument(tree, node, 0, data), argument(tree, node, 1, data)) == .greater)
        case .greaterOrEqual:
            let o = JsonLogicValues.order(argument(tree, node, 0, data), argument(tree, node, 1, data))
            return .bool(o == .greater || o == .equal)
        case .startsWith, .endsWith:
            guard case .string(let s) = argument(tree, node, 0, data), case .string(let p) = argument(tree, node, 1, data) else {
                return .null
            }
            return .bool(node.operation == .startsWith ? Self.hasPrefix(s, p) : Self.hasSuffix(s, p))
        case .semVer:
            return semVer(tree, node, data)
        case .fractional:
            return fractional(tree, node, data)
        case .in:
            return .bool(contains(argument(tree, node, 1, data), argument(tree, node, 0, data)))
        default:
            return compute(tree, node, data)
        }
    }

    /// Operands `i` of `node`; `null` when absent.
    @inline(__always)
    private mutating func argument(_ tree: JsonLogicTree, _ node: JsonLogicNode, _ i: Int32, _ data: JSONValue?) -> JSONValue {
        i < node.b ? logic(tree, tree.children[Int(node.a &+ i)], data) : .null
    }

    @inline(__always)
    private func holds(_ operation: JsonLogicOperation, _ order: JsonLogicValues.Order) -> Bool {
        order == .less || (operation == .lessOrEqual && order == .equal)
    }

    // MARK: Reading data

    /// The value at a path of the context (or of `data`); `nil` when a step is missing.
    @inline(__always)
    private mutating func lookup(_ path: JsonLogicPath, _ data: JSONValue?) -> JSONValue? {
        if let data { return Self.walk(data, path.components, from: 0) }
        guard !path.components.isEmpty else { return contextObject() }
        guard let first = singles.first else { return nil }
        guard let value = first.tableReference._withUnsafeGuaranteedRef({ $0.attribute(path.firstUTF8, hash: path.firstHash) }) else {
            return nil
        }
        return path.components.count == 1 ? value : Self.walk(value, path.components, from: 1)
    }

    private static func walk(_ value: JSONValue, _ components: [String], from start: Int) -> JSONValue? {
        var current = value
        var i = start
        while i < components.count {
            switch current {
            case .object(let members):
                guard let next = members[components[i]] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(components[i]), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
            i += 1
        }
        return current
    }

    /// The whole context as an object (`{"var":""}`), with flagd's `$flagd` member.
    private mutating func contextObject() -> JSONValue {
        var members = singles.first?.attributes ?? [:]
        members["$flagd"] = flagdMembers(flagKey: nil)
        return .object(members)
    }

    private mutating func flagdMembers(flagKey: String?) -> JSONValue {
        var o: [String: JSONValue] = ["timestamp": .number(Double(clockReading().seconds))]
        if let flagKey { o["flagKey"] = .string(flagKey) }
        return .object(o)
    }

    // MARK: Operations that make values

    private mutating func compute(_ tree: JsonLogicTree, _ node: JsonLogicNode, _ data: JSONValue?) -> JSONValue {
        let range = node.a..<(node.a &+ node.b)
        func value(_ i: Int32) -> Int32 { tree.children[Int(i)] }
        switch node.operation {
        case .array:
            return .array(range.map { logic(tree, value($0), data) })
        case .dynamicVariable:
            let pathValue = argument(tree, node, 0, data)
            let text: String
            switch pathValue {
            case .null: text = ""
            case .string(let s): text = s
            default: text = JsonLogicValues.text(of: pathValue)
            }
            if text == "$flagd.flagKey", data == nil { return .string(tree.flagKey) }
            if text == "$flagd.timestamp", data == nil { return .number(Double(clockReading().seconds)) }
            if text.isEmpty { return data ?? contextObject() }
            if let found = lookup(JsonLogicPath(text), data) { return found }
            return node.b > 1 ? argument(tree, node, 1, data) : .null
        case .missing:
            var keys: [JSONValue] = []
            for i in range {
                let v = logic(tree, value(i), data)
                if i == node.a, case .array(let list) = v { keys = list; break }
                keys.append(v)
            }
            return .array(missing(keys, data))
        case .missingSome:
            let need = JsonLogicValues.number(of: argument(tree, node, 0, data))
            guard case .array(let keys) = argument(tree, node, 1, data) else { return .array([]) }
            let absent = missing(keys, data)
            return Double(keys.count - absent.count) >= need ? .array([]) : .array(absent)
        case .max, .min:
            guard node.b > 0 else { return .number(node.operation == .max ? -.infinity : .infinity) }
            var result = node.operation == .max ? -Double.infinity : Double.infinity
            for i in range {
                let n = JsonLogicValues.number(of: logic(tree, value(i), data))
                if n.isNaN { return .number(.nan) }
                result = node.operation == .max ? Swift.max(result, n) : Swift.min(result, n)
            }
            return .number(result)
        case .add:
            var sum = 0.0
            for i in range { sum += JsonLogicValues.parseFloat(logic(tree, value(i), data)) }
            return .number(sum)
        case .multiply:
            guard node.b > 0 else { return .null }
            var product = 1.0
            for i in range { product *= JsonLogicValues.parseFloat(logic(tree, value(i), data)) }
            return .number(product)
        case .subtract:
            let a = JsonLogicValues.number(of: argument(tree, node, 0, data))
            if node.b < 2 { return .number(-a) }
            return .number(a - JsonLogicValues.number(of: argument(tree, node, 1, data)))
        case .divide:
            return .number(JsonLogicValues.number(of: argument(tree, node, 0, data)) / JsonLogicValues.number(of: argument(tree, node, 1, data)))
        case .modulo:
            let a = JsonLogicValues.number(of: argument(tree, node, 0, data))
            return .number(a.truncatingRemainder(dividingBy: JsonLogicValues.number(of: argument(tree, node, 1, data))))
        case .cat:
            var text = ""
            for i in range { text += JsonLogicValues.text(of: logic(tree, value(i), data)) }
            return .string(text)
        case .substr:
            return substr(JsonLogicValues.text(of: argument(tree, node, 0, data)), argument(tree, node, 1, data),
                          node.b > 2 ? Optional(argument(tree, node, 2, data)) : Optional<JSONValue>.none)
        case .merge:
            var out: [JSONValue] = []
            for i in range {
                let v = logic(tree, value(i), data)
                if case .array(let elements) = v { out += elements } else { out.append(v) }
            }
            return .array(out)
        case .map, .filter, .all, .some, .none:
            let elements = argument(tree, node, 0, data).arrayValue ?? []
            guard node.b >= 2 else {
                return node.operation == .map || node.operation == .filter ? .array([]) : .bool(node.operation == .none)
            }
            let body = value(node.a &+ 1)
            switch node.operation {
            case .map: return .array(elements.map { logic(tree, body, $0) })
            case .filter: return .array(elements.filter { JsonLogicValues.truthy(logic(tree, body, $0)) })
            case .all:
                guard !elements.isEmpty else { return .bool(false) }
                for e in elements where !JsonLogicValues.truthy(logic(tree, body, e)) { return .bool(false) }
                return .bool(true)
            case .some:
                for e in elements where JsonLogicValues.truthy(logic(tree, body, e)) { return .bool(true) }
                return .bool(false)
            default:
                for e in elements where JsonLogicValues.truthy(logic(tree, body, e)) { return .bool(false) }
                return .bool(true)
            }
        case .reduce:
            let elements = argument(tree, node, 0, data).arrayValue ?? []
            var accumulator = argument(tree, node, 2, data)
            guard node.b >= 2 else { return accumulator }
            let body = value(node.a &+ 1)
            for e in elements {
                accumulator = logic(tree, body, .object(["current": e, "accumulator": accumulator]))
            }
            return accumulator
        default:
            return .null
        }
    }

    private mutating func missing(_ keys: [JSONValue], _ data: JSONValue?) -> [JSONValue] {
        var absent: [JSONValue] = []
        for key in keys {
            let text: String
            switch key {
            case .string(let s): text = s
            case .null: text = ""
            default: text = JsonLogicValues.text(of: key)
            }
            let found = text.isEmpty ? (data ?? contextObject()) : lookup(JsonLogicPath(text), data)
            switch found {
            case nil, .null?: absent.append(key)
            case .string(let s)? where s.isEmpty: absent.append(key)
            default: break
            }
        }
        return absent
    }

    /// JavaScript's `substr` (JsonLogic's variant: a negative length drops that many characters
    /// from the end), counting Unicode scalars.
    private func substr(_ source: String, _ startValue: JSONValue, _ lengthValue: JSONValue?) -> JSONValue {
        let scalars = Array(source.unicodeScalars)
        let count = scalars.count
        func integer(_ v: JSONValue) -> Int {
            let n = JsonLogicValues.number(of: v)
            if n.isNaN { return 0 }
            if n >= Double(Int32.max) { return Int(Int32.max) }
            if n <= Double(Int32.min) { return Int(Int32.min) }
            return Int(n.rounded(.towardZero))
        }
        var start = integer(startValue)
        if start < 0 { start = Swift.max(count + start, 0) }
        start = Swift.min(start, count)
        var end = count
        if let lengthValue {
            let length = integer(lengthValue)
            end = length < 0 ? Swift.max(count + length, start) : Swift.min(start + Swift.max(length, 0), count)
        }
        var out = String.UnicodeScalarView()
        if start < end { out.append(contentsOf: scalars[start..<end]) }
        return .string(String(out))
    }

    /// `in`: a substring of a string (the needle as text), or an element (strictly equal) of an array.
    private func contains(_ haystack: JSONValue, _ needle: JSONValue) -> Bool {
        switch haystack {
        case .string(let s):
            if case .string(let n) = needle { return Self.hasSubstring(s, n) }
            return Self.hasSubstring(s, JsonLogicValues.text(of: needle))
        case .array(let elements):
            for e in elements where JsonLogicValues.strictEquals(e, needle) { return true }
            return false
        default:
            return false
        }
    }

    private static func hasPrefix(_ s: String, _ p: String) -> Bool {
        s.utf8.starts(with: p.utf8)
    }

    private static func hasSuffix(_ s: String, _ p: String) -> Bool {
        let su = s.utf8, pu = p.utf8
        guard pu.count <= su.count else { return false }
        return su[su.index(su.endIndex, offsetBy: -pu.count)...].elementsEqual(pu)
    }

    private static func hasSubstring(_ s: String, _ n: String) -> Bool {
        let su = s.utf8, nu = n.utf8
        if nu.isEmpty { return true }
        guard nu.count <= su.count else { return false }
        var i = su.startIndex
        let last = su.index(su.endIndex, offsetBy: -nu.count)
        while true {
            if su[i...].starts(with: nu) { return true }
            if i == last { return false }
            i = su.index(after: i)
        }
    }

    // MARK: flagd's operators

    /// `sem_ver`: `[version, operator, version]`, a leading `v`/`V` allowed; `null` when either
    /// version or the operator is invalid.
    private mutating func semVer(_ tree: JsonLogicTree, _ node: JsonLogicNode, _ data: JSONValue?) -> JSONValue {
        guard node.b == 3, case .string(let a) = argument(tree, node, 0, data), case .string(let op) = argument(tree, node, 1, data),
              case .string(let b) = argument(tree, node, 2, data),
              let x = SemanticVersion(parsing: Self.withoutV(a)), let y = SemanticVersion(parsing: Self.withoutV(b)) else {
            return .null
        }
        switch op {
        case "=": return .bool(x == y)
        case "!=": return .bool(x != y)
        case "<": return .bool(x < y)
        case "<=": return .bool(x <= y)
        case ">": return .bool(x > y)
        case ">=": return .bool(x >= y)
        case "^": return .bool(x.major == y.major)
        case "~": return .bool(x.major == y.major && x.minor == y.minor)
        default: return .null
        }
    }

    private static func withoutV(_ s: String) -> Substring {
        if let first = s.utf8.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") { return s.dropFirst() }
        return s[...]
    }

    /// `fractional`: hashes the bucketing value by the tree's rule and picks a bucket by weight;
    /// `null` when there is no bucketing value, a variant is not a string, a weight not a number,
    /// or the weights total 0.
    private mutating func fractional(_ tree: JsonLogicTree, _ node: JsonLogicNode, _ data: JSONValue?) -> JSONValue {
        let bucketNode = tree.children[Int(node.a)]
        var bucketing: JSONValue = .null
        if bucketNode >= 0 { bucketing = logic(tree, bucketNode, data) }
        let rule = tree.fractionalRule
        var hash: Murmur3
        if case .null = bucketing {
            // The default: flagKey + targetingKey, hashed in pieces.
            guard case .string(let key)? = lookup(Self.targetingKeyPath, nil) else { return .null }
            if rule == .cbor {
                hash = Murmur3(seed: 0)
                CBORHashing.textHeader(length: tree.flagKey.utf8.count + key.utf8.count, into: &hash)
                hash.combine(tree.flagKey)
            } else {
                hash = tree.flagKeyHash
            }
            hash.combine(key)
        } else if rule == .cbor {
            hash = Murmur3(seed: 0)
            CBORHashing.combine(bucketing, into: &hash)
        } else {
            guard case .string(let text) = bucketing else { return .null }
            hash = Murmur3(seed: 0)
            hash.combine(text)
        }
        let h = hash.finalize()
        let first = node.a &+ 1, end = node.a &+ node.b
        var total: UInt64 = 0
        var i = first
        while i < end {
            guard let w = weight(tree, tree.children[Int(i &+ 1)], data) else { return .null }
            total &+= w
            i &+= 2
        }
        guard total > 0 else { return .null }
        i = first
        if rule == .v1 {
            let bucket = Double(Swift.abs(Int64(Int32(bitPattern: h)))) / Double(Int32.max) * 100
            var running = 0.0
            while i < end {
                running += Double(weight(tree, tree.children[Int(i &+ 1)], data) ?? 0) * 100 / Double(total)
                if bucket < running { return variant(tree, tree.children[Int(i)], data) }
                i &+= 2
            }
            return .null
        }
        let product = UInt64(h).multipliedFullWidth(by: total)
        let bucket = (product.high << 32) | (product.low >> 32)
        var running: UInt64 = 0
        while i < end {
            running &+= weight(tree, tree.children[Int(i &+ 1)], data) ?? 0
            if running > bucket { return variant(tree, tree.children[Int(i)], data) }
            i &+= 2
        }
        return .null
    }

    private static var targetingKeyPath: JsonLogicPath { JsonLogicPath.targetingKey }

    /// A bucket's weight: 1 when absent, an integer (truncated), negative → 0; `nil` when not a number.
    private mutating func weight(_ tree: JsonLogicTree, _ n: Int32, _ data: JSONValue?) -> UInt64? {
        guard n >= 0 else { return 1 }
        guard case .number(let w) = logic(tree, n, data), !w.isNaN else { return nil }
        if w <= 0 { return 0 }
        return w >= 4_294_967_295 ? 4_294_967_295 : UInt64(w)
    }

    private mutating func variant(_ tree: JsonLogicTree, _ n: Int32, _ data: JSONValue?) -> JSONValue {
        let v = logic(tree, n, data)
        if case .string = v { return v }
        return .null
    }
}

extension JsonLogicPath {
    /// `targetingKey`, `fractional`'s default bucketing input with the flag key.
    static let targetingKey = JsonLogicPath("targetingKey")
}
