/// Why a command to Redis failed.
public enum RedisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with an error (`-ERR …`, `-WRONGTYPE …`).
    case server(String)
    /// The connection could not be made, or closed before the reply.
    case connection(String)
    /// No reply within the command timeout; the connection was closed.
    case timeout
    /// The server sent bytes that are not a reply, or one beyond the limits; the connection was closed.
    case protocolViolation(RESPError)
    /// A `redis://` URL that cannot be read.
    case invalidURL(String)
    /// `EXEC` answered null: a key watched on the connection changed, and nothing was applied.
    case transactionAborted
    /// A reply of another shape than the command's (the command's name and the reply).
    case unexpectedReply(String, RESPValue)

    public var description: String {
        switch self {
        case .server(let message): "Redis answered: \(message)"
        case .connection(let why): "Redis connection: \(why)"
        case .timeout: "Redis did not answer in time"
        case .protocolViolation(let error): "Redis sent \(error)"
        case .invalidURL(let why): "invalid Redis URL: \(why)"
        case .transactionAborted: "Redis aborted the transaction: a watched key changed"
        case .unexpectedReply(let command, let reply): "Redis answered \(command) with an unexpected \(reply)"
        }
    }
}
