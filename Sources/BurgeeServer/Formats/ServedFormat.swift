import BurgeeCore
import Hummingbird
import NIOCore

/// What a definitions format brings to ``DefinitionsServer``: its routes, how its documents are
/// served, its stream and its records. A format implements it once, in its own folder named
/// after it, and is listed in ``ServedFormats``; the shared code (routing, the store, streams,
/// faults, event records, the announcement) looks the format up there and names no format.
protocol ServedFormat: Sendable {
    /// The format served.
    static var format: DefinitionsFormat { get }

    /// The path, below the server's root, of the URL a client of the format is given: the base
    /// its SDKs append their paths to (such as `/api`), or the document's own URL for a client that
    /// fetches the URL as given; empty when clients take the root.
    static var clientPath: String { get }

    /// A context in the format's own context shape (what `burgee eval` reads), which the flag
    /// explorer's context editor starts from.
    static var exampleContext: JSONValue { get }

    /// The member of ``exampleContext`` that holds the key a rollout buckets by by default: the
    /// explorer's distribution varies it.
    static var contextKeyMember: String { get }

    /// The format's own routes. The server adds `GET /status`, `GET /events`, `GET /events/stats`
    /// and OFREP's to every format.
    static var routes: [ServedRoute] { get }

    /// A document as served: split into flags and segments, each served as an item with its
    /// version, or served whole. Throws for a document that is not a usable one of the format.
    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions

    /// Whether a document served by item opens with `formatVersion` and `version` (Burgee's
    /// native document) or holds its collections alone.
    static var itemDocumentHasHeader: Bool { get }

    /// An answer refusing `request` to `endpoint` before the endpoint answers, for requests that
    /// ask what a file cannot give (a vendor's server-side filter); `nil` to let it through.
    static func refusal(of request: Request, at endpoint: DefinitionsServer.Endpoint) -> Response?

    /// The event a new stream opens with.
    static func openingEvent(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer

    /// The events that tell open streams of a change: `changes` of the items, in order, and
    /// `documentChanged` when the served document's version moved.
    static func streamEvents(for changes: [DefinitionsChange], in served: ServedDefinitions,
                             documentChanged: Bool) -> [ByteBuffer]

    /// The events that tell open streams that the served definitions moved from `previous` to
    /// `served` through `changes`; by default ``streamEvents(for:in:documentChanged:)``. A format
    /// whose notifications compare the two documents implements this one.
    static func streamEvents(for changes: [DefinitionsChange], from previous: ServedDefinitions,
                             to served: ServedDefinitions) -> [ByteBuffer]

    /// `GET /events`: what the server recorded for clients of the format.
    static func receivedEvents(on server: DefinitionsServer) -> Response

    /// `GET /events/stats`: exact totals of what the server recorded.
    static func eventStats(on server: DefinitionsServer) -> Response

    /// Adds the format's own counts of what `server` received to `activity`.
    static func count(on server: DefinitionsServer, into activity: inout ServerActivity)

    /// The format's part of ``ServerActivity/summary``, such as `Vendor: 1 registration`; `nil`
    /// when none of its counts is above 0.
    static func summary(of activity: ServerActivity) -> String?

    /// Lines that follow `burgee serve`'s announcement: the routes clients of the format use,
    /// below `clientURL`, the URL the announcement ends with.
    static func routeLines(at clientURL: String) -> [String]

    /// `burgee serve --help`'s paragraph on the format, opening with "With <display name>
    /// definitions": whose API the server speaks, its routes, what it records of the clients' posts.
    static var help: String { get }
}

extension ServedFormat {
    static var itemDocumentHasHeader: Bool { true }

    /// Burgee's own context shape.
    static var exampleContext: JSONValue { ["kind": "user", "key": "user-1", "country": "FR"] }

    /// `key`.
    static var contextKeyMember: String { "key" }

    static func refusal(of request: Request, at endpoint: DefinitionsServer.Endpoint) -> Response? { nil }

    static func openingEvent(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
        ChangeEvents.put(served, retry: retry)
    }

    static func streamEvents(for changes: [DefinitionsChange], in served: ServedDefinitions,
                             documentChanged: Bool) -> [ByteBuffer] {
        changes.map(ChangeEvents.event(for:))
    }

    static func streamEvents(for changes: [DefinitionsChange], from previous: ServedDefinitions,
                             to served: ServedDefinitions) -> [ByteBuffer] {
        streamEvents(for: changes, in: served, documentChanged: served.documentVersion != previous.documentVersion)
    }

    static func receivedEvents(on server: DefinitionsServer) -> Response {
        DefinitionsResponder.receivedBatchesResponse(server.inbox)
    }

    static func eventStats(on server: DefinitionsServer) -> Response {
        DefinitionsResponder.batchStatsResponse(server.inbox)
    }

    static func count(on server: DefinitionsServer, into activity: inout ServerActivity) {}

    static func summary(of activity: ServerActivity) -> String? { nil }

    static func routeLines(at clientURL: String) -> [String] { [] }
}
