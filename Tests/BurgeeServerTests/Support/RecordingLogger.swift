import InMemoryLogging
import Logging

/// A logger that keeps every message, with its level and metadata, for assertions: swift-log's
/// `InMemoryLogHandler` at every level.
final class RecordingLogger: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: String
    }

    private let handler = InMemoryLogHandler()

    var logger: Logger {
        var handler = self.handler
        handler.logLevel = .trace
        return Logger(label: "burgee-server-test", factory: { _ in handler })
    }

    var all: [Entry] {
        handler.entries.map { Entry(level: $0.level, message: $0.message.description, metadata: "\($0.metadata)") }
    }

    func messages(at level: Logger.Level) -> [String] {
        all.filter { $0.level == level }.map(\.message)
    }
}

extension Logger {
    /// A logger that drops everything.
    static var quiet: Logger { Logger(label: "burgee-server-test", factory: { _ in SwiftLogNoOpLogHandler() }) }
}
