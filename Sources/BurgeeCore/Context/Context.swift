/// What flags are evaluated for: a single context (a user, an organisation, a device…) or a
/// multi-context holding several single contexts of distinct kinds.
///
/// Creating a context never fails: an invalid one remembers why (``invalidReason``) and every
/// evaluation for it returns the caller's default with `ERROR/INVALID_CONTEXT`. Validity is
/// decided once, here, so evaluations pay nothing for it.
public struct Context: Sendable {
    /// The single contexts; one for a single context.
    @usableFromInline package let contexts: [SingleContext]
    /// Whether this was given as a multi-context.
    public let isMulti: Bool
    /// Why the context is invalid, or `nil` when it is valid.
    public let invalidReason: String?
    /// The shape a format's own reader built it in (``ContextShape``), so that a snapshot of that
    /// format does not shape it again; ``ContextShape/Mark/none`` for the neutral API's contexts.
    package let shapeMark: ContextShape.Mark
    /// Its attributes' slots in the program it was prepared for, if it was.
    let prepared: PreparedAttributes?

    private init(contexts: [SingleContext], isMulti: Bool, invalidReason: String?, shapeMark: ContextShape.Mark = .none,
                 prepared: PreparedAttributes? = nil) {
        self.contexts = contexts
        self.isMulti = isMulti
        self.invalidReason = invalidReason
        self.shapeMark = shapeMark
        self.prepared = prepared
    }

    /// This context with its attributes found by `program`'s slots.
    func prepared(for program: Program) -> Context {
        if let prepared, prepared.program === program { return self }
        return Context(contexts: contexts, isMulti: isMulti, invalidReason: invalidReason, shapeMark: shapeMark,
                       prepared: PreparedAttributes(program: program, singles: contexts))
    }

    /// Whether the context was prepared for `program` (the same object).
    func isPrepared(for program: Program) -> Bool {
        prepared?.program === program
    }

    /// The attribute positions by slot, and the parsed values, when the context was prepared for
    /// `program`; valid while the context is.
    @inline(__always)
    func slots(for program: Program) -> (positions: UnsafePointer<Int32>, parsed: UnsafePointer<ParsedAttribute>?)? {
        guard let prepared, prepared.program === program, let positions = prepared.positions.baseAddress else { return nil }
        var parsed: UnsafePointer<ParsedAttribute>?
        if let base = prepared.parsed?.baseAddress { parsed = UnsafePointer(base) }
        return (UnsafePointer(positions), parsed)
    }

    /// A context of one single context built by a format's own context reader, which
    /// decides its attributes and validity itself, and the shape it built it in.
    package init(single: SingleContext, invalidReason: String?, shapeMark: ContextShape.Mark = .none) {
        self.init(contexts: [single], isMulti: false, invalidReason: invalidReason, shapeMark: shapeMark)
    }

    /// The valid context whose single contexts an evaluation reads (`singles`), rebuilt for code
    /// outside the program that is handed the context (``ExternalConditionSource``).
    init(evaluated singles: UnsafeBufferPointer<SingleContext>) {
        self.init(contexts: Array(singles), isMulti: singles.count > 1, invalidReason: nil)
    }

    /// Whether the context can be evaluated.
    @inlinable
    public var isValid: Bool { invalidReason == nil }

    /// The single context of `kind`, if any.
    @inlinable
    package func context(ofKind kind: String) -> SingleContext? {
        for context in contexts where ExactString.bytesEqual(context.kind, kind) {
            return context
        }
        return nil
    }

    /// A single context.
    /// - Parameters:
    ///   - kind: the kind, `user` by default; must match `[A-Za-z0-9._-]+` and not be `kind` or `multi`.
    ///   - key: the non-empty key.
    ///   - name: an optional display name.
    ///   - anonymous: whether the context is anonymous.
    ///   - attributes: further attributes; `kind`, `key`, `name`, `anonymous` and `_meta` among them are ignored.
    ///   - privateAttributes: attributes never sent in events (a name, or a path such as
    ///     `/address/street`), as LaunchDarkly's `_meta.privateAttributes`; evaluations ignore it.
    public init(kind: String = "user", key: String, name: String? = nil, anonymous: Bool? = nil,
                attributes: [String: JSONValue] = [:], privateAttributes: [String] = []) {
        var members = attributes
        for reserved in ["kind", "key", "name", "anonymous", "_meta"] { members[reserved] = nil }
        members["key"] = .string(key)
        if let name { members["name"] = .string(name) }
        if let anonymous { members["anonymous"] = .bool(anonymous) }
        let single = SingleContext(kind: kind, key: key, attributes: members, privateAttributes: privateAttributes)
        self.init(contexts: [single], isMulti: false, invalidReason: Self.problem(kind: kind, key: key))
    }

    /// A multi-context of the given single contexts, which must have distinct kinds.
    public static func multi(_ parts: [Context]) -> Context {
        var singles: [SingleContext] = []
        var reason: String?
        for part in parts {
            if let r = part.invalidReason, reason == nil { reason = r }
            for single in part.contexts {
                if reason == nil, singles.contains(where: { $0.kind == single.kind }) {
                    reason = "multi-context holds kind '\(single.kind)' twice"
                }
                singles.append(single)
            }
        }
        if singles.isEmpty, reason == nil { reason = "multi-context holds no context" }
        return Context(contexts: singles, isMulti: true, invalidReason: reason)
    }

    /// Reads a context from its JSON shape (docs/evaluation.md); never fails, an invalid one says why.
    public init(json: JSONValue) {
        guard case .object(let o) = json else {
            self.init(contexts: [], isMulti: false, invalidReason: "a context is an object, not \(json.typeName)")
            return
        }
        let kindValue = o["kind"] ?? .string("user")
        guard case .string(let kind) = kindValue else {
            self.init(contexts: [], isMulti: false, invalidReason: "'kind' is \(kindValue.typeName), not a string")
            return
        }
        guard kind == "multi" else {
            let (single, reason) = Self.single(kind: kind, members: o)
            self.init(contexts: [single], isMulti: false, invalidReason: reason)
            return
        }
        var singles: [SingleContext] = []
        var reason: String?
        for (innerKind, value) in o.sorted(by: { $0.key < $1.key }) where innerKind != "kind" && innerKind != "_meta" {
            guard case .object(let members) = value else {
                reason = reason ?? "multi-context member '\(innerKind)' is \(value.typeName), not an object"
                continue
            }
            let (single, r) = Self.single(kind: innerKind, members: members)
            reason = reason ?? r
            singles.append(single)
        }
        if singles.isEmpty, reason == nil { reason = "multi-context holds no context" }
        self.init(contexts: singles, isMulti: true, invalidReason: reason)
    }

    private static func single(kind: String, members: [String: JSONValue]) -> (SingleContext, String?) {
        var attributes = members
        attributes["kind"] = nil
        attributes["_meta"] = nil
        var reason: String?
        let key: String
        switch members["key"] {
        case .string(let k)?: key = k
        case nil, .null?: key = ""; reason = "context of kind '\(kind)' has no 'key'"
        case let other?: key = ""; reason = "'key' of context kind '\(kind)' is \(other.typeName), not a string"
        }
        if reason == nil { reason = problem(kind: kind, key: key) }
        if let name = members["name"], !name.isNull, name.stringValue == nil, reason == nil {
            reason = "'name' of context kind '\(kind)' is \(name.typeName), not a string"
        }
        if let anonymous = members["anonymous"], !anonymous.isNull, anonymous.boolValue == nil, reason == nil {
            reason = "'anonymous' of context kind '\(kind)' is \(anonymous.typeName), not a boolean"
        }
        // Only `_meta.privateAttributes` is read; any other `_meta`, of any shape, is ignored
        // (docs/definitions-format.md).
        var privateAttributes: [String] = []
        if case .object(let meta)? = members["_meta"], case .array(let names)? = meta["privateAttributes"] {
            privateAttributes = names.compactMap(\.stringValue)
        }
        return (SingleContext(kind: kind, key: key, attributes: attributes, privateAttributes: privateAttributes), reason)
    }

    private static func problem(kind: String, key: String) -> String? {
        if key.isEmpty { return "context of kind '\(kind)' has an empty key" }
        if kind.isEmpty || kind == "kind" || kind == "multi" { return "'\(kind)' is not a valid context kind" }
        for byte in kind.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                continue
            default:
                return "'\(kind)' is not a valid context kind: use letters, digits, '.', '_' and '-'"
            }
        }
        return nil
    }

    /// The JSON shape of the context (docs/evaluation.md).
    public var json: JSONValue {
        func members(_ single: SingleContext) -> [String: JSONValue] {
            var members = single.attributes
            if !single.privateAttributes.isEmpty {
                members["_meta"] = ["privateAttributes": .array(single.privateAttributes.map(JSONValue.string))]
            }
            return members
        }
        if isMulti {
            var o: [String: JSONValue] = ["kind": "multi"]
            for single in contexts { o[single.kind] = .object(members(single)) }
            return .object(o)
        }
        guard let single = contexts.first else { return .null }
        var o = members(single)
        o["kind"] = .string(single.kind)
        return .object(o)
    }
}
