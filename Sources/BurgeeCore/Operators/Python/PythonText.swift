/// JSON values written as Python's `str()` writes what `json.loads` made of them, as Kameleoon's
/// Python SDK turns condition fields into text (`str(None)` is `None`, `str(True)` is `True`).
enum PythonText {
    /// `str()` of a JSON value; an integral number is taken for a JSON integer (`3`), any other
    /// number for a float (`2.5`).
    static func str(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return "None"
        case .bool(let b)?: return b ? "True" : "False"
        case .string(let s)?: return s
        case .number(let n)?:
            if let i = JSONValue.exactInt64(n) { return String(i) }
            return float(n.doubleValue)
        case .array?, .object?: return value!.serialized(sortedKeys: false)
        }
    }

    /// Python's `repr` of a float: the shortest text that reads back, with `.0` for integral values
    /// and an exponent below 1e-4 and from 1e16, which is how Swift describes a `Double` too.
    static func float(_ n: Double) -> String {
        n.description
    }
}
