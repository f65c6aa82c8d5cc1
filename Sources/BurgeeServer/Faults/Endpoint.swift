import Hummingbird

extension DefinitionsServer {
    /// An endpoint that faults can be injected on: the shared ones below, and those a served
    /// format adds beside its routes, in its own folder.
    public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
        /// How a fault that replaces or cuts an answer is shaped on the endpoint.
        enum Shape: Sendable, Hashable {
            /// A definitions document (whole or an item collection): `ETag`, JSON.
            case document
            /// Server-Sent Events.
            case stream
            /// Burgee's own `POST /events`.
            case events
            /// A report a client posts and that is answered 202 without a body.
            case report
            /// An OFREP evaluation.
            case ofrep
        }

        /// The endpoint's name, such as `definitions` or `stream`.
        public let rawValue: String
        let shape: Shape
        /// The endpoint's own answer, once routing, the key and faults let the request through.
        let answer: @Sendable (DefinitionsResponder, Request) async throws -> Response
        /// Whether the endpoint checks the request's credentials itself (a token in the query,
        /// as Split's `/event-stream` takes it) instead of the server's SDK key check.
        let checksOwnCredentials: Bool

        init(_ rawValue: String, shape: Shape, checksOwnCredentials: Bool = false,
             answer: @escaping @Sendable (DefinitionsResponder, Request) async throws -> Response) {
            self.rawValue = rawValue
            self.shape = shape
            self.checksOwnCredentials = checksOwnCredentials
            self.answer = answer
        }

        /// The endpoint's name.
        public var description: String { rawValue }

        /// Endpoints are the same when their names are.
        public static func == (a: Endpoint, b: Endpoint) -> Bool { a.rawValue == b.rawValue }

        /// Hashes the name.
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// `GET /definitions`, and the document endpoint a served format routes to it (such as
        /// `GET /sdk/latest-all`).
        public static let definitions: Endpoint = Endpoint("definitions", shape: .document) { $0.definitionsResponse($1) }
        /// `GET /stream`, and the stream a served format routes to it (such as `GET /all`).
        public static let stream: Endpoint = Endpoint("stream", shape: .stream) { $0.streamResponse($1) }
        /// `POST /events`.
        public static let events: Endpoint = Endpoint("events", shape: .events) { try await $0.eventsResponse($1) }
        /// `POST /ofrep/v1/evaluate/flags/{key}` (OFREP, one flag).
        public static let ofrepEvaluate: Endpoint = Endpoint("ofrepEvaluate", shape: .ofrep) { try await $0.ofrepEvaluateResponse($1) }
        /// `POST /ofrep/v1/evaluate/flags` (OFREP, every flag).
        public static let ofrepBulk: Endpoint = Endpoint("ofrepBulk", shape: .ofrep) { try await $0.ofrepBulkResponse($1) }

        /// Whether the endpoint is OFREP's (401 and 403 as OFREP answers them, `X-API-Key` accepted).
        var isOFREP: Bool { shape == .ofrep }
    }
}
