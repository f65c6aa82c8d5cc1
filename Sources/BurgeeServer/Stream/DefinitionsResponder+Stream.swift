import Hummingbird

extension DefinitionsResponder {
    /// A stream's connection closes when the stream ends; `Connection: close` keeps clients from
    /// reusing it for another request in the meantime.
    static let streamHeaders: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache", .connection: "close"]

    /// `GET /stream`: a `put`, then the changes and heartbeats, until the client or the server leaves.
    func streamResponse(_ request: Request) -> Response {
        let store = server.store
        let retry = server.configuration.streamRetry
        return eventStreamResponse(request) { store.subscribe(retry: retry) }
    }

    /// An event stream of the subscription `subscribe` makes, with the server's heartbeats, until
    /// the client or the server leaves; a format's own stream differs only in what it subscribes to.
    ///
    /// The client's leaving is seen as its side of the connection closes, by reading the request
    /// to its end; a request whose body was read already (a `REPORT` carrying a context) cannot
    /// be read again, and its stream ends at the first write after the client left, a heartbeat
    /// at the latest (`bodyRead`).
    func eventStreamResponse(_ request: Request, bodyRead: Bool = false,
                             subscribe: @escaping @Sendable () -> StreamSubscription?) -> Response {
        let store = server.store
        let writer = EventStreamWriter(closeAfterEvents: { [server] in server.streamCloseAfterEvents })
        return Response(status: .ok, headers: Self.streamHeaders, body: ResponseBody { body in
            // Subscribing here, once the head is written, leaves no subscription behind a failed write.
            guard let subscription = subscribe() else {
                try await body.finish(nil)
                return
            }
            defer { store.unsubscribe(subscription.id) }
            if bodyRead {
                try await writer.write(subscription, to: &body)
                try await body.finish(nil)
                return
            }
            try await request.body.consumeWithInboundCloseHandler { _ in
                try await writer.write(subscription, to: &body)
            } onInboundClosed: {
                store.unsubscribe(subscription.id)
            }
            try await body.finish(nil)
        })
    }
}
