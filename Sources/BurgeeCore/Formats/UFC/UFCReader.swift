/// Reads the members of a UFC flag as the vendor's engine deserializes them: a member of the
/// wrong type, or a required one missing, is a ``UFCProblem`` at its path, which rejects the flag.
struct UFCReader {
    let path: JSONPointer

    init(_ path: JSONPointer) {
        self.path = path
    }

    func at(_ member: String) -> UFCReader { UFCReader(path.appending(member)) }
    func at(_ index: Int) -> UFCReader { UFCReader(path.appending(index)) }

    func problem(_ message: String) -> UFCProblem { UFCProblem(message, at: path) }

    func object(_ value: JSONValue?) throws(UFCProblem) -> [String: JSONValue] {
        guard case .object(let members)? = value else { throw problem("expected an object, found \(Self.typeName(value))") }
        return members
    }

    /// The members of a struct: an object's, or an array's elements named by `fields` in order.
    func object(_ value: JSONValue?, as fields: UFCStructFields) throws(UFCProblem) -> [String: JSONValue] {
        guard case .array(let elements)? = value else { return try object(value) }
        guard elements.count >= fields.required, elements.count <= fields.names.count else {
            let expected = fields.required == fields.names.count ? "\(fields.required)" : "\(fields.required) to \(fields.names.count)"
            throw problem("expected an object, or an array of \(expected) members (\(fields.names.joined(separator: ", "))), found \(elements.count) elements")
        }
        var members: [String: JSONValue] = [:]
        for (name, element) in zip(fields.names, elements) { members[name] = element }
        return members
    }

    func array(_ value: JSONValue?) throws(UFCProblem) -> [JSONValue] {
        guard case .array(let elements)? = value else { throw problem("expected an array, found \(Self.typeName(value))") }
        return elements
    }

    func string(_ value: JSONValue?) throws(UFCProblem) -> String {
        guard case .string(let s)? = value else { throw problem("expected a string, found \(Self.typeName(value))") }
        return s
    }

    func bool(_ value: JSONValue?) throws(UFCProblem) -> Bool {
        guard case .bool(let b)? = value else { throw problem("expected a boolean, found \(Self.typeName(value))") }
        return b
    }

    /// An unsigned 32-bit integer.
    func uint32(_ value: JSONValue?) throws(UFCProblem) -> UInt32 {
        guard case .number(let n)? = value, let i = JSONValue.exactInt64(n), i >= 0, i <= Int64(UInt32.max) else {
            throw problem("expected an unsigned 32-bit integer, found \(value.map { $0.serialized() } ?? "nothing")")
        }
        return UInt32(i)
    }

    /// An RFC 3339 instant, or `nil` when absent or `null`.
    func instant(_ value: JSONValue?) throws(UFCProblem) -> Timestamp? {
        guard let value, !value.isNull else { return nil }
        guard case .string(let text) = value, let instant = Timestamp(rfc3339: text) else {
            throw problem("expected an RFC 3339 date-time, found \(value.serialized())")
        }
        return instant
    }

    static func typeName(_ value: JSONValue?) -> String {
        value.map(\.typeName) ?? "nothing"
    }
}
