/// Unleash's values are text: parameters, constraint values and context fields are strings on
/// the wire, though hand-written documents and contexts sometimes hold numbers or booleans.
enum UnleashText {
    /// A string as is; a number in its shortest decimal form (an integer without `.0`); a boolean
    /// as `true`/`false`; anything else `nil`.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .number(let n):
            if let i = JSONValue.exactInt64(n) { return String(i) }
            return n.doubleValue.isFinite ? "\(n.doubleValue)" : nil
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }
}
