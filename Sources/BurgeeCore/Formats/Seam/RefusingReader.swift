/// Reading a vendor's JSON as its SDKs do, for formats whose SDKs refuse a whole document when a
/// member they need is missing or of the wrong type (their fetch fails): each refusal names the
/// path of what was wrong.
struct RefusingReader {
    let format: DefinitionsFormat
    let path: JSONPointer

    init(_ format: DefinitionsFormat, _ path: JSONPointer) {
        self.format = format
        self.path = path
    }

    func at(_ member: String) -> RefusingReader { RefusingReader(format, path.appending(member)) }
    func at(_ index: Int) -> RefusingReader { RefusingReader(format, path.appending(index)) }

    /// The refusal for what sits here.
    func refusal(_ message: String) -> DefinitionsError {
        .refused(format, path: "\(path)", message)
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
        return n.doubleValue
    }

    func integer(_ value: JSONValue?) throws(DefinitionsError) -> Int64 {
        guard case .number(let n)? = value, let i = JSONValue.exactInt64(n) else {
            throw refusal("expected an integer, found \(Self.typeName(value))")
        }
        return i
    }

    /// A member that must be there (`null` counts as there, as it does for SDKs written in Python).
    func required(_ members: [String: JSONValue], _ name: String) throws(DefinitionsError) -> JSONValue {
        guard let value = members[name] else { throw at(name).refusal("required member '\(name)' is missing") }
        return value
    }

    /// Python's truth of a JSON value, as SDKs written in Python test a member.
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
