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
            // A `null` value takes the default too, as in JsonLogic and flagd's evaluators.
            if let value = lookup(tree, tree.paths[Int(node.a)], data), !value.isNull { return value }
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
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let a = argument(tree, node, 0, data), b = argument(tree, node, 1, data)
            guard holds(node.operation, JsonLogicValues.order(a, b)) else { return .bool(false) }
            // Three operands: between, `a < b < c` (and `a > b > c`, as flagd's evaluators read it).
            if node.b >= 3 { return .bool(holds(node.operation, JsonLogicValues.order(b, argument(tree, node, 2, data)))) }
            return .bool(true)
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
        switch operation {
        case .less: return order == .less
        case .lessOrEqual: return order == .less || order == .equal
        case .greater: return order == .greater
        default: return order == .greater || order == .equal
        }
    }

    // MARK: Reading data

    /// The value at a path of the context (or of `data`); `nil` when a step is missing.
    @inline(__always)
    private mutating func lookup(_ tree: JsonLogicTree, _ path: JsonLogicPath, _ data: JSONValue?) -> JSONValue? {
        if let data { return Self.walk(data, path.components, from: 0) }
        guard !path.components.isEmpty else { return contextObject(tree) }
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

    /// The whole context as an object (`{"var":""}`), with the language's injected member
    /// (flagd's `$flagd`) holding the evaluation's time.
    private mutating func contextObject(_ tree: JsonLogicTree) -> JSONValue {
        var members = singles.first?.attributes ?? [:]
        members[tree.language.injectedMember] = .object(["timestamp": .number(Double(clockReading().seconds))])
        return .object(members)
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
            if data == nil, text == tree.language.flagKeyPath { return .string(tree.flagKey) }
            if data == nil, text == tree.language.timestampPath { return .number(Double(clockReading().seconds)) }
            if text.isEmpty { return data ?? contextObject(tree) }
            if let found = lookup(tree, JsonLogicPath(text), data), !found.isNull { return found }
            return node.b > 1 ? argument(tree, node, 1, data) : .null
        case .missing:
            var keys: [JSONValue] = []
            for i in range {
                let v = logic(tree, value(i), data)
                if i == node.a, case .array(let list) = v { keys = list; break }
                keys.append(v)
            }
            return .array(missing(tree, keys, data))
        case .missingSome:
            let need = JsonLogicValues.number(of: argument(tree, node, 0, data))
            guard case .array(let keys) = argument(tree, node, 1, data) else { return .array([]) }
            let absent = missing(tree, keys, data)
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

    private mutating func missing(_ tree: JsonLogicTree, _ keys: [JSONValue], _ data: JSONValue?) -> [JSONValue] {
        var absent: [JSONValue] = []
        for key in keys {
            let text: String
            switch key {
            case .string(let s): text = s
            case .null: text = ""
            default: text = JsonLogicValues.text(of: key)
            }
            let found = text.isEmpty ? (data ?? contextObject(tree)) : lookup(tree, JsonLogicPath(text), data)
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

    /// `sem_ver`: `[version, operator, version]`; `null` when either version or the operator is
    /// invalid. Versions are read as flagd's Go evaluator reads them (golang.org/x/mod/semver): a
    /// leading `v`/`V`; `1` and `1.2` for `1.0.0` and `1.2.0`, but a prerelease or build only after
    /// all three parts; a number as its text (`1.2` → `1.2.0`).
    private mutating func semVer(_ tree: JsonLogicTree, _ node: JsonLogicNode, _ data: JSONValue?) -> JSONValue {
        guard node.b == 3, case .string(let op) = argument(tree, node, 1, data),
              let x = Self.goSemVer(argument(tree, node, 0, data)),
              let y = Self.goSemVer(argument(tree, node, 2, data)) else {
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

    private static func goSemVer(_ value: JSONValue) -> SemanticVersion? {
        let text: Substring
        switch value {
        case .string(let s): text = withoutV(s)
        // Numbers are rare here; their text is short enough to stay inline (no allocation).
        case .number(let n): text = JsonLogicValues.numberText(n.doubleValue)[...]
        default: return nil
        }
        guard let version = SemanticVersion(parsing: text) else { return nil }
        // x/mod/semver reads `1` and `1.2` as shorthands, and nothing may follow a shorthand.
        var dots = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") { dots += 1 } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { break }
        }
        if dots < 2, version.prerelease != nil || version.build != nil { return nil }
        return version
    }

    private static func withoutV(_ s: String) -> Substring {
        if let first = s.utf8.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") { return s.dropFirst() }
        return s[...]
    }

    /// `fractional`: hashes the bucketing value by the tree's rule and picks a bucket by weight.
    ///
    /// `null`, as flagd's evaluators answer, when there is no bucketing value (no non-empty string
    /// `targetingKey` for the default; under the CBOR rule, an expression that yields `null`), a
    /// weight is not an integer or exceeds `Int32.max`, the weights total 0 or more than
    /// `Int32.max`, or a variant is an array or object. Variants may be strings, Booleans,
    /// numbers or `null`. Under the CBOR rule an expression that yields an array is a bucket, not a
    /// bucketing value (flagd's decision record `fractional-non-string-rand-units`), and the default
    /// bucketing value is the array `[flagKey, targetingKey]`.
    private mutating func fractional(_ tree: JsonLogicTree, _ node: JsonLogicNode, _ data: JSONValue?) -> JSONValue {
        let rule = tree.language.bucketing
        let bucketNode = tree.children[Int(node.a)]
        var bucketing: JSONValue = .null
        var hasBucketing = bucketNode >= 0
        if hasBucketing { bucketing = logic(tree, bucketNode, data) }
        // A leading bucket computed at run time (CBOR rule: the bucketing expression yielded an array).
        var leading: [JSONValue] = []
        if rule == .cbor, case .array(let elements) = bucketing {
            guard !elements.isEmpty else { return .null }
            leading = elements
            hasBucketing = false
        }
        let first = node.a &+ 1, end = node.a &+ node.b
        // Every bucket is read before hashing, as flagd's evaluators parse them all first.
        var total: UInt64 = 0
        if !leading.isEmpty {
            guard Self.isVariant(leading[0]), let w = Self.weight(leading.count > 1 ? leading[1] : nil) else { return .null }
            total &+= w
        }
        var i = first
        while i < end {
            let weightNode = tree.children[Int(i &+ 1)]
            guard Self.isVariant(logic(tree, tree.children[Int(i)], data)),
                  let w = Self.weight(weightNode >= 0 ? logic(tree, weightNode, data) : nil) else { return .null }
            total &+= w
            i &+= 2
        }
        guard total > 0, total <= UInt64(Int32.max) else { return .null }

        var hash = Murmur3(seed: 0)
        if hasBucketing, rule == .cbor {
            if case .null = bucketing { return .null }
            CBORHashing.combine(bucketing, into: &hash)
        } else if hasBucketing, case .string(let text) = bucketing {
            hash.combine(text)
        } else if hasBucketing, !bucketing.isNull {
            // v1, v2: a bucketing value that is not a string is a bucket that cannot be read.
            return .null
        } else {
            // The default: the flag key and a non-empty string targetingKey (v1, v2: a `null`
            // bucketing value falls back to it too).
            guard case .string(let key)? = lookup(tree, Self.targetingKeyPath, nil), !key.utf8.isEmpty else { return .null }
            if rule == .cbor {
                hash = tree.cborFlagKeyHash
                CBORHashing.combine(.string(key), into: &hash)
            } else {
                hash = tree.flagKeyHash
                hash.combine(key)
            }
        }
        let h = hash.finalize()
        if rule == .percentage {
            let bucket = Double(Swift.abs(Int64(Int32(bitPattern: h)))) / Double(Int32.max) * 100
            var running = 0.0
            if !leading.isEmpty {
                running += Double(Self.weight(leading.count > 1 ? leading[1] : nil) ?? 0) * 100 / Double(total)
                if bucket < running { return leading[0] }
            }
            i = first
            while i < end {
                running += Double(bucketWeight(tree, i, data)) * 100 / Double(total)
                if bucket < running { return logic(tree, tree.children[Int(i)], data) }
                i &+= 2
            }
            return .null
        }
        let product = UInt64(h).multipliedFullWidth(by: total)
        let bucket = (product.high << 32) | (product.low >> 32)
        var running: UInt64 = 0
        if !leading.isEmpty {
            running &+= Self.weight(leading.count > 1 ? leading[1] : nil) ?? 0
            if running > bucket { return leading[0] }
        }
        i = first
        while i < end {
            running &+= bucketWeight(tree, i, data)
            if running > bucket { return logic(tree, tree.children[Int(i)], data) }
            i &+= 2
        }
        return .null
    }

    private static var targetingKeyPath: JsonLogicPath { JsonLogicPath.targetingKey }

    /// The weight of the bucket whose variant is child `i`, already checked by ``weight(_:)``.
    private mutating func bucketWeight(_ tree: JsonLogicTree, _ i: Int32, _ data: JSONValue?) -> UInt64 {
        let n = tree.children[Int(i &+ 1)]
        return Self.weight(n >= 0 ? logic(tree, n, data) : nil) ?? 0
    }

    /// A bucket's weight: 1 when absent or `null`, negative → 0; `nil` when it is not an integer
    /// or exceeds `Int32.max` (flagd's Go evaluator).
    private static func weight(_ value: JSONValue?) -> UInt64? {
        guard let value, !value.isNull else { return 1 }
        guard case .number(let number) = value, case let w = number.doubleValue, w.isFinite, w.rounded(.towardZero) == w, w <= Double(Int32.max) else { return nil }
        return w <= 0 ? 0 : UInt64(w)
    }

    /// Whether a bucket's variant can be served: a string, Boolean, number or `null`.
    private static func isVariant(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return false
        default: return true
        }
    }
}

extension JsonLogicPath {
    /// `targetingKey`, `fractional`'s default bucketing input with the flag key.
    static let targetingKey = JsonLogicPath("targetingKey")
}
