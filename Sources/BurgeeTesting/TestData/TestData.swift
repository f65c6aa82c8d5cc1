import Burgee
import BurgeeCore

/// A data source whose flags a test sets in code, like LaunchDarkly's `TestData`.
///
/// Give it to the client as a custom source, then describe flags with ``flag(_:)`` and apply them
/// with `update(_:)`:
///
/// ```swift
/// let testData = TestData()
/// let client = try BurgeeClient(configuration: .init(source: .testData(testData)))
/// client.start()
/// _ = await client.waitUntilReady(timeout: .seconds(5))
///
/// await testData.update(testData.flag("new-checkout").variationForAll(true))
/// await testData.update(testData.flag("layout").variations("list", "grid", "table").fallthroughVariation(1)
///     .ifMatch("country", "FR", "DE").thenReturn(2))
/// await testData.update(testData.flag("beta").booleanFlag().variation(true, forKeys: "u-1", "u-2"))
/// await testData.update(testData.flag("dark-mode").on(false))
/// await testData.remove("old-flag")
/// ```
///
/// Every change builds a whole native v1 definitions document, with a version one higher than the
/// last, and delivers it through the client's normal update pipeline: evaluations, change events
/// (`ClientEvent.updated`), flag value observers, the data-source status and the cache
/// behave as with any other source. Changes made before a client runs the source are in the first
/// document it receives; changes made while it runs reach it at once: `update(_:)` and the other
/// changing calls return after every client running the source has applied the new document. One
/// `TestData` may feed several clients.
///
/// When no change was made yet, the first document holds no flags: the client becomes ready and
/// every flag is not found.
///
/// For what the builder does not cover (prerequisites, segments, other operators, variables),
/// put a flag or segment in as native JSON with `update(flag:json:)` or `update(segment:json:)`.
public final class TestData: DataSource, Sendable {
    private enum StoredFlag: Sendable {
        /// Built from a builder; `json` is the definition with the version it was given.
        case built(FlagBuilder, json: JSONValue)
        /// Put in as JSON, used as given.
        case raw(JSONValue)

        var json: JSONValue {
            switch self {
            case .built(_, let json), .raw(let json): json
            }
        }
    }

    private struct State {
        var version: Int64 = 0
        var flags: [String: StoredFlag] = [:]
        var segments: [String: JSONValue] = [:]
        var subscribers: [Int: TestDataSubscriber] = [:]
        var nextSubscriber = 0

        /// The native v1 document of the current flags and segments.
        var document: JSONValue {
            [
                "formatVersion": .number(Double(DefinitionsDocument.formatVersion)),
                "version": .number(Double(version)),
                "flags": .object(flags.mapValues(\.json)),
                "segments": .object(segments),
            ]
        }

        var delivery: TestDataSubscriber.Delivery {
            TestDataSubscriber.Delivery(version: version, bytes: Array(document.serialized().utf8))
        }
    }

    private let state = Locked(State())

    /// An empty test data source: no flags, no segments, version 0.
    public init() {}

    // MARK: Flags from builders

    /// A builder for the flag `key`: the configuration last given to `update(_:)` for it, or a
    /// new ``FlagBuilder`` (a boolean flag, on, serving `true` to everyone) when there is none.
    ///
    /// The builder is a value: nothing changes until it is passed to `update(_:)`.
    public func flag(_ key: String) -> FlagBuilder {
        state.withLock { s in
            if case .built(let builder, _)? = s.flags[key] { return builder }
            return FlagBuilder(key)
        }
    }

    /// Sets the flags to the builders' configurations, in one new document; each flag's version
    /// becomes that document's version.
    ///
    /// Returns after every client running this source has applied the document (change events and
    /// value observers have then been notified). With no client running, the flags are kept for the
    /// first document a client receives.
    public func update(_ flags: FlagBuilder...) async {
        await update(flags)
    }

    /// Sets the flags to the builders' configurations, in one new document, like the variadic `update(_:)`.
    public func update(_ flags: [FlagBuilder]) async {
        await commit { s, version in
            guard !flags.isEmpty else { return false }
            for builder in flags {
                s.flags[builder.key] = .built(builder, json: builder.definition(version: version).json)
            }
            return true
        }
    }

    // MARK: Flags and segments as given

    /// Sets the flag `key` to a native v1 flag definition given as JSON text, used as it is
    /// (its `version` included; an inner `key` must equal `key`).
    ///
    /// A definition with problems is delivered too: the flag is then malformed, and evaluations of
    /// it return the caller's default with `ERROR/MALFORMED_FLAG`, as from any other source.
    /// - Throws: `JSONParseError` when `json` is not JSON; nothing changes then.
    public func update(flag key: String, json: String) async throws(JSONParseError) {
        let value = try JSONParser().parse(json)
        await update(flag: key, json: value)
    }

    /// Sets the flag `key` to a native v1 flag definition given as a JSON value, used as it is.
    /// See the `String` variant of `update(flag:json:)`.
    public func update(flag key: String, json: JSONValue) async {
        await commit { s, _ in
            s.flags[key] = .raw(json)
            return true
        }
    }

    /// Sets the flag `definition.key` to `definition`, its version included.
    package func update(_ definition: FlagDefinition) async {
        await update(flag: definition.key, json: definition.json)
    }

    /// Sets the segment `key` to a native v1 segment definition given as JSON text, used as it is.
    /// Flags use segments through `segmentMatch` clauses, in a flag given as JSON
    /// (`update(flag:json:)`).
    /// - Throws: `JSONParseError` when `json` is not JSON; nothing changes then.
    public func update(segment key: String, json: String) async throws(JSONParseError) {
        let value = try JSONParser().parse(json)
        await update(segment: key, json: value)
    }

    /// Sets the segment `key` to a native v1 segment definition given as a JSON value, used as it is.
    public func update(segment key: String, json: JSONValue) async {
        await commit { s, _ in
            s.segments[key] = json
            return true
        }
    }

    /// Sets the segment `definition.key` to `definition`, its version included.
    package func update(_ definition: SegmentDefinition) async {
        await update(segment: definition.key, json: definition.json)
    }

    // MARK: Removing

    /// Removes the flag `key`; evaluations of it then return the caller's default with
    /// `ERROR/FLAG_NOT_FOUND`. Does nothing when there is no such flag.
    public func remove(_ key: String) async {
        await commit { s, _ in s.flags.removeValue(forKey: key) != nil }
    }

    /// Removes the segment `key`. Does nothing when there is no such segment.
    public func remove(segment key: String) async {
        await commit { s, _ in s.segments.removeValue(forKey: key) != nil }
    }

    // MARK: Inspecting

    /// The version of the current document: 0 before any change, then one more per change.
    public var version: Int64 {
        state.withLock { $0.version }
    }

    /// The current document as native v1 JSON text, as clients receive it (keys sorted): to
    /// look at in a failing test, or to save as a definitions file for `burgee eval`.
    public func definitionsJSON(pretty: Bool = false) -> String {
        state.withLock { $0.document.serialized(pretty: pretty) }
    }

    // MARK: DataSource

    /// Delivers the current document, then every change, until the task is cancelled. Called by
    /// the client; each client running the source receives every document.
    package func run(_ sink: DataSourceSink) async {
        let subscriber = TestDataSubscriber()
        let id = state.withLock { s in
            let id = s.nextSubscriber
            s.nextSubscriber += 1
            s.subscribers[id] = subscriber
            subscriber.enqueue(s.delivery)
            return id
        }
        await withTaskCancellationHandler {
            for await delivery in subscriber.deliveries {
                await sink.apply(.json(delivery.bytes))
                subscriber.markApplied(delivery.version)
            }
        } onCancel: {
            subscriber.end()
        }
        state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        subscriber.end()
    }

    /// Applies `change` with the next version; when it changed something, makes that version
    /// current, queues the document for every running client and waits until they applied it.
    private func commit(_ change: (inout State, _ version: Int64) -> Bool) async {
        let queued = state.withLock { s -> (version: Int64, subscribers: [TestDataSubscriber])? in
            let next = s.version + 1
            guard change(&s, next) else { return nil }
            s.version = next
            guard !s.subscribers.isEmpty else { return (next, []) }
            let delivery = s.delivery
            for subscriber in s.subscribers.values { subscriber.enqueue(delivery) }
            return (next, Array(s.subscribers.values))
        }
        guard let queued else { return }
        for subscriber in queued.subscribers { await subscriber.waitUntilApplied(queued.version) }
    }
}
