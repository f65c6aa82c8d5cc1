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
        // At most 200 changes.
        let changes = await timed(atMost: 200, prepare: { $0 }) { i in
            if let patched {
                let patch = DefinitionsPatch(kind: .flag, key: patched.key, version: patched.version + Int64(i) + 1,
                                             operation: .upsert(patched.json))
                return await sink.apply(patch) == .applied
            }
            return await sink.apply(.json(bytes, format: format))
        }.timing
        let added = before.flatMap { b in ResidentMemory.bytes().map { max(0, $0 - b) } }
        done(Result(kind: patched == nil ? "document" : "patch", updates: changes.updates,
                    p50Milliseconds: changes.p50Milliseconds, maxMilliseconds: changes.maxMilliseconds,
                    residentBytesAdded: added, changedDocument: await changedDocuments(sink)))
    }

    /// Times whole documents that change one flag each, at most 50 (each document written before
    /// it is timed); `nil` when one is not applied.
    private func changedDocuments(_ sink: DataSourceSink) async -> Timing? {
        guard let changedDocument, await sink.apply(.json(changedDocument(1), format: format)) else { return nil }
        let changes = await timed(atMost: 50, prepare: { changedDocument(Int64($0) + 2) }) { bytes in
            await sink.apply(.json(bytes, format: format))
        }
        return changes.failed ? nil : changes.timing
    }

    /// Times `change`, handed what `prepare` made (untimed) for the change's index: at least 5
    /// times, at most `limit`, for about `duration` in all; stops at the first change that fails.
    private func timed<Input>(atMost limit: Int, prepare: (Int) -> Input,
                              _ change: (Input) async -> Bool) async -> (timing: Timing, failed: Bool) {
        let clock = ContinuousClock()
        var samples: [Double] = []
        var elapsed = Duration.zero
        var failed = false
        while samples.count < 5 || (elapsed < duration && samples.count < limit) {
            let input = prepare(samples.count)
            let start = clock.now
            guard await change(input) else {
                failed = true
                break
            }
            let took = clock.now - start
            elapsed += took
            samples.append(FlagBench.nanoseconds(took) / 1e6)
        }
        samples.sort()
        let timing = Timing(updates: samples.count, p50Milliseconds: FlagBench.percentile(samples, 0.5),
                            maxMilliseconds: samples.last ?? 0)
        return (timing, failed)
    }
}
