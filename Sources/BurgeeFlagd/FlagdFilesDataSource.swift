import Burgee
import BurgeeCore

/// flagd definitions from several files, or from every `*.json`, `*.yaml` and `*.yml` file of a
/// directory (in the byte order of their names), merged as flagd merges its sources: a flag of a
/// later file replaces the flag of the same key (see `Definitions(flagdDocuments:)`).
///
/// With `watch`, the files (and the directory's list of them) are looked at every `interval`;
/// on a change all are read again and applied when any differs: the client then reads again
/// only the flags that differ (unless what the flags share, `$evaluators` or `metadata`,
/// changed). A file that cannot be read or parsed is reported (status and log) and the last good
/// definitions stay.
package struct FlagdFilesDataSource: DataSource {
    /// Where the documents are.
    package enum Location: Sendable, Equatable {
        /// These files, merged in this order.
        case files([String])
        /// Every `*.json`, `*.yaml` and `*.yml` file of the directory (hidden files left out),
        /// merged in the byte order of their names.
        case directory(String)
    }

    /// Where the documents are.
    package let location: Location
    /// Whether to reload on change.
    package let watch: Bool
    /// How often to look for changes, on the client's clock.
    package let interval: Duration
    /// Larger files are refused.
    package let maxBytes: Int

    /// A source of flagd documents.
    package init(_ location: Location, watch: Bool, interval: Duration = .seconds(1),
                maxBytes: Int = FileDataSource.defaultMaxBytes) {
        self.location = location
        self.watch = watch
        self.interval = interval
        self.maxBytes = maxBytes
    }

    /// What was seen of the files: their paths and fingerprints.
    private struct Seen: Equatable {
        var paths: [String]
        var fingerprints: [FileIO.Fingerprint?]
    }

    /// Loads the documents, then, when watching, reloads them on every change until cancelled.
    package func run(_ sink: DataSourceSink) async {
        var seen = look()
        var lastBytes = await load(sink, paths: seen?.paths, previous: nil)
        guard watch else { return }
        while !Task.isCancelled {
            do { try await sink.clock.sleep(for: interval) } catch { return }
            let now = look()
            guard now != seen else { continue }
            seen = now
            lastBytes = await load(sink, paths: now?.paths, previous: lastBytes)
        }
    }

    /// The files now; `nil` when the directory cannot be listed.
    private func look() -> Seen? {
        let paths: [String]
        switch location {
        case .files(let files):
            paths = files
        case .directory(let directory):
            guard let names = try? FileIO.fileNames(in: directory) else { return nil }
            paths = names.filter(Self.isDefinitionsFile).map { directory + "/" + $0 }
        }
        return Seen(paths: paths, fingerprints: paths.map(FileIO.fingerprint))
    }

    static func isDefinitionsFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".json") || lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }

    /// Reads, merges and applies the files unless their bytes equal the previous attempt's;
    /// returns the bytes read.
    private func load(_ sink: DataSourceSink, paths: [String]?, previous: [[UInt8]]?) async -> [[UInt8]]? {
        guard let paths else {
            guard case .directory(let directory) = location else { return nil }
            return report(sink, DataSourceError(kind: .readFailed, message: "cannot list the directory \(directory)"))
        }
        guard !paths.isEmpty else {
            return report(sink, DataSourceError(kind: .readFailed, message: "no *.json, *.yaml or *.yml file in \(location)"))
        }
        var contents: [[UInt8]] = []
        for path in paths {
            do {
                contents.append(try FileIO.read(path, maxBytes: maxBytes))
            } catch {
                return report(sink, DataSourceError(kind: .readFailed, message: error.description))
            }
        }
        guard contents != previous else { return contents }
        var documents: [JSONValue] = []
        for (path, bytes) in zip(paths, contents) {
            do {
                if FileDataSource.isYAML(path) {
                    documents.append(try YAMLDefinitions.json(from: bytes, limits: sink.limits))
                } else {
                    documents.append(try JSONParser(limits: sink.limits).parse(bytes))
                }
            } catch {
                _ = report(sink, DataSourceError(kind: .invalidData, message: "\(path): \(error)"))
                return contents
            }
        }
        do {
            // Merged but not read: the client reads it, replacing only the flags that differ
            // from those it holds when what the flags share is unchanged.
            await sink.apply(.parsedJSON(try Definitions.flagdDocument(merging: documents), format: .flagd))
        } catch {
            _ = report(sink, DataSourceError(kind: .invalidData, message: error.description))
        }
        return contents
    }

    private func report(_ sink: DataSourceSink, _ error: DataSourceError) -> [[UInt8]]? {
        sink.logger.warning("cannot read the flagd definitions files", metadata: ["error": "\(error.message)"])
        sink.fail(error)
        return nil
    }
}
