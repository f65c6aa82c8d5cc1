/// What one node of a compiled JsonLogic tree does (``JsonLogicNode``).
enum JsonLogicOperation: UInt8, Sendable {
    /// `a` indexes the tree's constants.
    case constant
    /// An array literal with computed elements: children `a..<a+b`.
    case array
    /// `var` with a path known when compiling: `a` indexes the paths, `b` is the default node (-1: `null`).
    case variable
    /// `var` with a computed path: children `[path, default?]`.
    case dynamicVariable
    /// `$flagd.timestamp`: the evaluation clock's Unix seconds.
    case timestamp
    case missing, missingSome
    case `if`
    case equals, notEquals, strictEquals, strictNotEquals
    case not, truthy, or, and
    case less, lessOrEqual, greater, greaterOrEqual
    case max, min, add, subtract, multiply, divide, modulo
    case `in`, cat, substr, merge
    case map, filter, reduce, all, some, none
    case startsWith, endsWith, semVer
    /// `fractional`: children `[bucketing expression or -1, variant, weight or -1, …]`.
    case fractional
}

/// One node of a compiled JsonLogic tree: an operation and two operands whose meaning depends on
/// it (usually a range of children in ``JsonLogicTree/children``).
struct JsonLogicNode: Sendable {
    var operation: JsonLogicOperation
    var a: Int32
    var b: Int32
}

/// A `var` path known when compiling: its components, and the first one's bytes and hash for the
/// context's attribute table.
struct JsonLogicPath: Sendable {
    /// The components, split at `.`; empty for the whole data.
    let components: [String]
    let firstUTF8: [UInt8]
    let firstHash: UInt64

    init(_ text: String) {
        components = text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let first = components.first ?? ""
        firstUTF8 = Array(first.utf8)
        firstHash = ByteHash.hash(first)
    }
}
