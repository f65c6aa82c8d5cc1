/// Reads model values out of parsed JSON, recording every problem with its path instead of stopping
/// at the first: `validate` must report them all, and one bad flag must not hide another.
struct ModelReader {
    let subject: DefinitionProblem.Subject
    private(set) var problems: [DefinitionProblem] = []

    init(subject: DefinitionProblem.Subject) {
        self.subject = subject
    }

    var hasErrors: Bool { problems.contains { $0.severity == .error } }

    mutating func error(_ path: JSONPointer, _ message: String) {
        problems.append(DefinitionProblem(.error, subject, at: path, message))
    }

    mutating func warning(_ path: JSONPointer, _ message: String) {
        problems.append(DefinitionProblem(.warning, subject, at: path, message))
    }

    /// The members of `value`, or an error and `nil` when it is not an object.
    mutating func object(_ value: JSONValue, at path: JSONPointer) -> [String: JSONValue]? {
        if case .object(let o) = value { return o }
        error(path, "expected an object, found \(value.typeName)")
        return nil
    }

    /// A member that must be present (and not null) and a string.
    mutating func requiredString(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> String? {
        guard let v = present(object, name) else {
            error(path.appending(name), "required string '\(name)' is missing")
            return nil
        }
        return string(v, at: path.appending(name))
    }

    mutating func optionalString(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> String? {
        guard let v = present(object, name) else { return nil }
        return string(v, at: path.appending(name))
    }

    mutating func string(_ value: JSONValue, at path: JSONPointer) -> String? {
        if case .string(let s) = value { return s }
        error(path, "expected a string, found \(value.typeName)")
        return nil
    }

    mutating func bool(_ object: [String: JSONValue], _ name: String, default def: Bool, at path: JSONPointer) -> Bool {
        guard let v = present(object, name) else { return def }
        if case .bool(let b) = v { return b }
        error(path.appending(name), "expected a boolean, found \(v.typeName)")
        return def
    }

    mutating func requiredBool(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> Bool {
        guard present(object, name) != nil else {
            error(path.appending(name), "required boolean '\(name)' is missing")
            return false
        }
        return bool(object, name, default: false, at: path)
    }

    /// A member that must be present (and not null) and an integer.
    mutating func requiredInt(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> Int64? {
        guard present(object, name) != nil else {
            error(path.appending(name), "required integer '\(name)' is missing")
            return nil
        }
        return optionalInt(object, name, at: path)
    }

    /// An optional integer member; non-integral numbers and other types are errors.
    mutating func optionalInt(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> Int64? {
        guard let v = present(object, name) else { return nil }
        if case .number(let n) = v, let i = JSONValue.exactInt64(n) { return i }
        error(path.appending(name), "expected an integer, found \(v.typeName == "number" ? "a non-integral number" : v.typeName)")
        return nil
    }

    /// The elements of an optional array member (empty when absent).
    mutating func array(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> [JSONValue] {
        guard let v = present(object, name) else { return [] }
        if case .array(let a) = v { return a }
        error(path.appending(name), "expected an array, found \(v.typeName)")
        return []
    }

    mutating func stringArray(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> [String] {
        let p = path.appending(name)
        var out: [String] = []
        for (i, v) in array(object, name, at: path).enumerated() {
            if let s = string(v, at: p.appending(i)) { out.append(s) }
        }
        return out
    }

    /// An optional object member (empty when absent).
    mutating func objectMember(_ object: [String: JSONValue], _ name: String, at path: JSONPointer) -> [String: JSONValue] {
        guard let v = present(object, name) else { return [:] }
        return self.object(v, at: path.appending(name)) ?? [:]
    }

    /// Reads each element of an array member with `read`, passing its path.
    mutating func elements<T>(
        _ object: [String: JSONValue], _ name: String, at path: JSONPointer,
        _ read: (JSONValue, JSONPointer, inout ModelReader) -> T?
    ) -> [T] {
        let p = path.appending(name)
        var out: [T] = []
        for (i, v) in array(object, name, at: path).enumerated() {
            if let t = read(v, p.appending(i), &self) { out.append(t) }
        }
        return out
    }

    /// A member counts as absent when it is missing or `null`.
    private func present(_ object: [String: JSONValue], _ name: String) -> JSONValue? {
        guard let v = object[name], !v.isNull else { return nil }
        return v
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// Sets `key` only for a non-nil value: model encoders omit absent optionals.
    mutating func set(_ key: String, _ value: JSONValue?) {
        if let value { self[key] = value }
    }
}

/// Decodes a model type through ``JSONValue``, so that `Codable` and the problem-collecting reader
/// share one implementation. Any error-severity problem fails the decode.
func decodeModel<T>(
    from decoder: any Decoder, subject: DefinitionProblem.Subject,
    _ read: (JSONValue, JSONPointer, inout ModelReader) -> T?
) throws -> T {
    let value = try JSONValue(from: decoder)
    var reader = ModelReader(subject: subject)
    let result = read(value, .root, &reader)
    if let result, !reader.hasErrors { return result }
    throw DecodingError.dataCorrupted(.init(
        codingPath: decoder.codingPath,
        debugDescription: reader.problems.map(\.description).joined(separator: "; ")))
}

/// Decodes a flag or segment given on its own, with its `key` inside it; fails on any error problem.
func decodeStandalone<T>(from decoder: any Decoder, what: String,
                         _ read: (_ key: String, _ json: JSONValue, _ path: JSONPointer) -> T,
                         problems: (T) -> [DefinitionProblem]) throws -> T {
    try decodeModel(from: decoder, subject: .document) { json, path, r in
        guard case .object(let o) = json, case .string(let key)? = o["key"] else {
            r.error(path.appending("key"), "a standalone \(what) needs its 'key'")
            return nil
        }
        let item = read(key, json, path)
        for p in problems(item) { r.error(p.path, p.message) }
        return item
    }
}
