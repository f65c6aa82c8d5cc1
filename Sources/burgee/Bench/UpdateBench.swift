import Burgee
import BurgeeCore
import Logging

/// Times how long a change takes to reach evaluations: from the change handed to a client to its
/// new snapshot swapped in, change events sent. Definitions of a format whose streams patch items
/// are changed one flag at a time, as a stream's patch is applied; other formats'
/// sources deliver whole documents, so for them the whole document is applied again.
struct UpdateBench: DataSource {
    /// What the changes measured.
    struct Result {
        /// `patch` (one flag changed) or `document` (the whole document applied again).
        var kind: String
        var updates: Int
        var p50Milliseconds: Double
        var maxMilliseconds: Double
        /// How much the resident memory grew over the updates (what patching keeps: the lowered
        /// drafts; replaced snapshots are freed); `nil` where it cannot be read.
        var residentBytesAdded: Int?
        /// For definitions patched item by item: the whole document with one flag changed (a
        /// changed file, a poll), from its bytes to the new snapshot.
        var changedDocument: Timing?
    }

    /// Times of one kind of change, in milliseconds.
    struct Timing {
        var updates: Int
        var p50Milliseconds: Double
        var maxMilliseconds: Double
    }

    let bytes: [UInt8]
    let format: DefinitionsFormat
    /// The flag a patch changes: its key, JSON object and version; `nil` where the format takes
    /// whole documents.
    let patched: (key: String, json: JSONValue, version: Int64)?
    /// The whole document in its format's shape, with the flag a patch changes at version 1, 2…
    let changedDocument: (@Sendable (Int64) -> [UInt8])?
    let duration: Duration
    let done: @Sendable (Result) -> Void

    init(bytes: [UInt8], loaded: LoadedDefinitions, flag key: String, for duration: Duration,
         done: @escaping @Sendable (Result) -> Void) {
        self.bytes = bytes
        format = loaded.format
        if let patchable = loaded.definitions.patchable, let items = loaded.definitions.items, let json = items[.flag]?[key] {
            patched = (key, json, patchable.version(of: .flag, key) ?? 0)
            changedDocument = { version in
                var changed = items
                if case .object(var flag) = json {
                    flag["version"] = .number(Double(version))
                    changed[.flag]?[key] = .object(flag)
                }
                return Array(patchable.cachedJSON(items: changed).serialized().utf8)
            }
        } else {
            patched = nil
            changedDocument = nil
        }
        self.duration = duration
        self.done = done
    }

    /// Measures the updates on a client of its own, which this source feeds.
    static func run(bytes: [UInt8], loaded: LoadedDefinitions, flag key: String, for duration: Duration) async throws -> Result {
        let (results, continuation) = AsyncStream<Result>.makeStream()
        let source = UpdateBench(bytes: bytes, loaded: loaded, flag: key, for: duration) { result in
            continuation.yield(result)
            continuation.finish()
        }
        var configuration = BurgeeClient.Configuration(source: .custom(source),
                                                       logger: Logger(label: "burgee-bench", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.events = nil
        let client = try BurgeeClient(configuration: configuration)
        client.start()
        defer { Task { await client.close() } }
        for await result in results { return result }
        throw CommandFailure("the update measurement did not finish")
    }

    func run(_ sink: DataSourceSink) async {
        guard await sink.apply(.json(bytes, format: format)) else {
            return done(Result(kind: "none", updates: 0, p50Milliseconds: 0, maxMilliseconds: 0, residentBytesAdded: nil))
        }
        let before = ResidentMemory.bytes()
        let clock = ContinuousClock()
        var samples: [Double] = []
        var elapsed = Duration.zero
        // At least 5 changes, at most 200, for about `duration`.
        while samples.count < 5 || (elapsed < duration && samples.count < 200) {
            let start = clock.now
            if let patched {
                let version = patched.version + Int64(samples.count) + 1
                let patch = DefinitionsPatch(kind: .flag, key: patched.key, version: version, operation: .upsert(patched.json))
                guard await sink.apply(patch) == .applied else { break }
            } else {
                guard await sink.apply(.json(bytes, format: format)) else { break }
            }
            let took = clock.now - start
            elapsed += took
            samples.append(FlagBench.nanoseconds(took) / 1e6)
        }
        let added = before.flatMap { b in ResidentMemory.bytes().map { max(0, $0 - b) } }
        samples.sort()
        done(Result(kind: patched == nil ? "document" : "patch", updates: samples.count,
                    p50Milliseconds: FlagBench.percentile(samples, 0.5), maxMilliseconds: samples.last ?? 0,
                    residentBytesAdded: added, changedDocument: await changedDocuments(sink)))
    }

    /// Times whole documents that change one flag each: at least 5, at most 50, for about
    /// `duration` (the documents are written before each is timed).
    private func changedDocuments(_ sink: DataSourceSink) async -> Timing? {
        guard let changedDocument, await sink.apply(.json(changedDocument(1), format: format)) else { return nil }
        let clock = ContinuousClock()
        var samples: [Double] = []
        var elapsed = Duration.zero
        while samples.count < 5 || (elapsed < duration && samples.count < 50) {
            let bytes = changedDocument(Int64(samples.count) + 2)
            let start = clock.now
            guard await sink.apply(.json(bytes, format: format)) else { return nil }
            let took = clock.now - start
            elapsed += took
            samples.append(FlagBench.nanoseconds(took) / 1e6)
        }
        samples.sort()
        return Timing(updates: samples.count, p50Milliseconds: FlagBench.percentile(samples, 0.5), maxMilliseconds: samples.last ?? 0)
    }
}
