/// One request as the server saw it. The `Authorization` value itself is never kept.
public struct RequestRecord: Sendable, Hashable {
    /// The request method, such as `GET`.
    public var method: String
    /// The request path, without the query.
    public var path: String
    /// The query as sent, without the `?`; empty when there is none.
    public var query: String
    /// When the request's head arrived.
    public var time: ContinuousClock.Instant
    /// The status sent; `nil` while the request is in progress or when the connection was closed unanswered.
    public var status: Int?
    /// The `If-None-Match` value sent, if any.
    public var ifNoneMatch: String?
    /// Whether the request carried an `Authorization` header.
    public var hasAuthorization: Bool
    /// The fault the request met, if any.
    public var fault: DefinitionsServer.Fault?
    /// The request's other headers by lowercased name (values of repeated headers joined with
    /// `, `), without `Authorization`.
    public var headers: [String: String]

    /// A record.
    public init(method: String, path: String, query: String = "", time: ContinuousClock.Instant, status: Int? = nil,
                ifNoneMatch: String? = nil, hasAuthorization: Bool = false, fault: DefinitionsServer.Fault? = nil,
                headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.time = time
        self.status = status
        self.ifNoneMatch = ifNoneMatch
        self.hasAuthorization = hasAuthorization
        self.fault = fault
        self.headers = headers
    }
}
