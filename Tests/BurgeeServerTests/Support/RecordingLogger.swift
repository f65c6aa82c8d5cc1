import Logging
import Synchronization

/// A logger that keeps every message, with its level and metadata, for assertions.
final class RecordingLogger: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: String
    }

    private let entries = Mutex<[Entry]>([])

    var logger: Logger {
        var logger = Logger(label: "burgee-server-test", factory: { _ in Handler(sink: self) })
        logger.logLevel = .trace
        return logger
    }

    var all: [Entry] { entries.withLock { $0 } }

    func messages(at level: Logger.Level) -> [String] {
        all.filter { $0.level == level }.map(\.message)
    }

    fileprivate func record(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let sink: RecordingLogger
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            sink.record(Entry(level: event.level, message: "\(event.message)", metadata: "\(all)"))
        }
    }
}

extension Logger {
    /// A logger that drops everything.
    static var quiet: Logger { Logger(label: "burgee-server-test", factory: { _ in SwiftLogNoOpLogHandler() }) }
}
