/// Reading Split's JSON as its SDKs do: a member they need that is missing or of the wrong type
/// refuses the whole document (their fetch fails), with the path of what was wrong.
struct SplitReading {
    let path: JSONPointer

    init(_ path: JSONPointer) {
        self.path = path
    }

    func at(_ member: String) -> SplitReading { SplitReading(path.appending(member)) }
    func at(_ index: Int) -> SplitReading { SplitReading(path.appending(index)) }

    /// The refusal for what sits here.
    func refusal(_ message: String) -> DefinitionsError {
        .notOfFormat(.split, "'\(path)': \(message)")
    }

    func object(_ value: JSONValue?) throws(DefinitionsError) -> [String: JSONValue] {
        guard case .object(let members)? = value else { throw refusal("expected an object, found \(Self.typeName(value))") }
        return members
    }

    func array(_ value: JSONValue?) throws(DefinitionsError) -> [JSONValue] {
        guard case .array(let elements)? = value else { throw refusal("expected an array, found \(Self.typeName(value))") }
        return elements
    }

    func string(_ value: JSONValue?) throws(DefinitionsError) -> String {
        guard case .string(let s)? = value else { throw refusal("expected a string, found \(Self.typeName(value))") }
        return s
    }

    func number(_ value: JSONValue?) throws(DefinitionsError) -> Double {
        guard case .number(let n)? = value else { throw refusal("expected a number, found \(Self.typeName(value))") }
        return n
    }

    func integer(_ value: JSONValue?) throws(DefinitionsError) -> Int64 {
        guard case .number(let n)? = value, let i = JSONValue.exactInt64(n) else {
            throw refusal("expected an integer, found \(Self.typeName(value))")
        }
        return i
    }

    /// A member that must be there (`null` counts as there, as it does for Split's SDKs).
    func required(_ members: [String: JSONValue], _ name: String) throws(DefinitionsError) -> JSONValue {
        guard let value = members[name] else { throw at(name).refusal("required member '\(name)' is missing") }
        return value
    }

    /// Python's truth of a JSON value, as Split's SDKs test `killed` and the like.
    static func truth(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return false
        case .bool(let b)?: return b
        case .number(let n)?: return n != 0
        case .string(let s)?: return !s.isEmpty
        case .array(let a)?: return !a.isEmpty
        case .object(let o)?: return !o.isEmpty
        }
    }

    static func typeName(_ value: JSONValue?) -> String {
        value.map(\.typeName) ?? "nothing"
    }
}
