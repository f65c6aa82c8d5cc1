/// An id a Kameleoon condition compares with the visitor's data (a goal, an experiment, a
/// variation, a personalization), as Python compares a JSON value with its integer ids: a number
/// by value, a Boolean as 0 or 1, anything else (`null`, text) equal to nothing.
enum VisitorIDMatch: Sendable {
    /// Every id (`CONVERSIONS` without a goal, or with goal −1).
    case any
    /// This id.
    case id(Double)
    /// No id.
    case never

    /// Reads a condition member; `absent` when it is missing.
    init(_ value: JSONValue?, absent: VisitorIDMatch) {
        switch value {
        case nil: self = absent
        case .number(let n)?: self = .id(n.doubleValue)
        case .bool(let b)?: self = .id(b ? 1 : 0)
        default: self = .never
        }
    }

    /// Whether a JSON id of the visitor's data is this one.
    @inline(__always)
    func matches(_ value: JSONValue?) -> Bool {
        switch self {
        case .any: return true
        case .id(let id): return value?.numberValue == id
        case .never: return false
        }
    }

    /// The id as a 64-bit integer key (flag and segment ids), when it is one.
    var int64: Int64? {
        if case .id(let n) = self { return JSONValue.exactInt64(n) }
        return nil
    }
}
