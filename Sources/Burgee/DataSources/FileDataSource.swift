/// Definitions from a file, optionally reloaded when the file changes. A file named `*.yaml` or
/// `*.yml` is read as YAML, any other as JSON.
///
/// A change is noticed by polling the file's identity, size and times. A new content that cannot
/// be read is reported (status and log) and the last good definitions stay; once the file is
/// valid again it is applied.
package struct FileDataSource: DataSource {
    /// The default size limit: 50 MB.
    package static let defaultMaxBytes = 50 * 1024 * 1024

    /// The file.
    package let path: String
    /// Whether to reload on change.
    package let watch: Bool
    /// How often to look for changes, on the client's clock.
    package let interval: Duration
    /// Larger files are refused.
    package let maxBytes: Int

    /// A file source.
    package init(path: String, watch: Bool, interval: Duration = .seconds(1), maxBytes: Int = defaultMaxBytes) {
        self.path = path
        self.watch = watch
        self.interval = interval
        self.maxBytes = maxBytes
    }

    /// Loads the file, then, when watching, reloads it on every change until cancelled.
    package func run(_ sink: DataSourceSink) async {
        var seen = FileIO.fingerprint(path)
        var lastAttempt = await load(sink, previous: nil)
        guard watch else { return }
        while !Task.isCancelled {
            do { try await sink.clock.sleep(for: interval) } catch { return }
            let now = FileIO.fingerprint(path)
            guard now != seen else { continue }
            seen = now
            lastAttempt = await load(sink, previous: lastAttempt)
        }
    }

    /// Whether the file is YAML, by its extension (`.yaml`, `.yml`); other files are JSON.
    var isYAML: Bool { Self.isYAML(path) }

    package static func isYAML(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }

    /// Reads and applies the file unless its bytes equal the previous attempt's; returns the bytes read.
    private func load(_ sink: DataSourceSink, previous: [UInt8]?) async -> [UInt8]? {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, maxBytes: maxBytes)
        } catch {
            sink.logger.warning("cannot read the definitions file", metadata: ["error": "\(error)"])
            sink.fail(DataSourceError(kind: .readFailed, message: error.description))
            return nil
        }
        // Same bytes as last time (a touch, a rewrite): nothing new to apply or report.
        guard bytes != previous else { return bytes }
        await sink.apply(isYAML ? .yaml(bytes) : .json(bytes))
        return bytes
    }
}
