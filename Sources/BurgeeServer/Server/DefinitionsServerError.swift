/// Why a ``DefinitionsServer`` could not start or serve.
public enum DefinitionsServerError: Error, Sendable, CustomStringConvertible {
    /// The definitions file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The definitions are not a usable definitions document.
    case invalidDefinitions(DefinitionsError)
    /// ``DefinitionsServer/run()`` was called while the server was already running.
    case alreadyRunning
    /// The configured format has no API this server can serve (no ``DefinitionsServer`` routes).
    case unsupportedFormat(DefinitionsFormat)
    /// The server stopped before it was listening.
    case stoppedBeforeListening

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .invalidDefinitions(let error): return "\(error)"
        case .alreadyRunning: return "the definitions server is already running"
        case .unsupportedFormat(let format):
            return "the definitions server has no API for \(format.displayName) definitions"
        case .stoppedBeforeListening: return "the definitions server stopped before it was listening"
        }
    }
}
