/// Why bytes are not a reply: the connection that sent them cannot be read further.
public enum RESPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A byte that starts no RESP type.
    case unknownType(UInt8)
    /// A length, integer or number that does not read, or a line not ended by CR LF.
    case malformed(String)
    /// A declared length or count above the limits (``RESPLimits``), refused before any allocation.
    case tooLarge(String)
    /// Aggregates nested deeper than ``RESPLimits/maxDepth``.
    case tooDeep

    public var description: String {
        switch self {
        case .unknownType(let byte): "a reply cannot start with byte \(byte)"
        case .malformed(let why): "malformed reply: \(why)"
        case .tooLarge(let why): "reply too large: \(why)"
        case .tooDeep: "reply nested too deeply"
        }
    }
}
