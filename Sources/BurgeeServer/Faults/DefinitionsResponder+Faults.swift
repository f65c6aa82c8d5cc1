import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// Answers with `fault` in place of, or on top of, the endpoint's answer; `nil` when the
    /// connection was closed unanswered.
    func respond(with fault: DefinitionsServer.Fault, on endpoint: DefinitionsServer.Endpoint,
                 to request: Request, context: Context) async throws -> Response? {
        switch fault {
        case .status(let code, let headers, let body):
            return Self.statusResponse(code: code, headers: headers, body: body)
        case .delay(let duration):
            try await Task.sleep(for: duration)
            return try await serve(endpoint, request)
        case .dropMidBody:
            return try await droppedResponse(on: endpoint, request)
        case .body(let bytes):
            return bodyResponse(bytes, on: endpoint)
        case .closeConnection:
            try? await context.channel.close()
            return nil
        }
    }

    private static func statusResponse(code: Int, headers: [String: String], body: String) -> Response {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let name = HTTPFields.Element.Name(name) { fields[name] = value }
        }
        if !body.isEmpty, fields[.contentType] == nil {
            fields[.contentType] = "text/plain; charset=utf-8"
        }
        let status = HTTPResponse.Status(code: (200...599).contains(code) ? code : 500)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// The head announces the whole body; about half of it follows, then the connection closes.
    private func droppedResponse(on endpoint: DefinitionsServer.Endpoint, _ request: Request) async throws -> Response {
        switch endpoint.shape {
        case .document:
            let served = server.store.served
            let half = served.body.getSlice(at: served.body.readerIndex, length: served.body.readableBytes / 2)!
            let headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-cache", .eTag: served.etag]
            return Response(status: .ok, headers: headers, body: Self.cutBody(half, announcing: served.body.readableBytes))
        case .stream:
            let put = server.servedFormat.openingEvent(server.store.served, retry: server.configuration.streamRetry)
            let half = put.getSlice(at: put.readerIndex, length: put.readableBytes / 2)!
            return Response(status: .ok, headers: Self.streamHeaders, body: Self.cutBody(half, announcing: nil))
        case .events:
            let response = try await eventsResponse(request)
            guard response.status == .accepted else { return response }
            // Only the advertised codings carry over: the head must announce the two bytes.
            var headers = HTTPFields()
            headers[.acceptEncoding] = response.headers[.acceptEncoding]
            return Response(status: .accepted, headers: headers, body: Self.cutBody(ByteBuffer(), announcing: 2))
        case .report:
            let response = try await serve(endpoint, request)
            guard response.status == .accepted else { return response }
            return Response(status: .accepted, body: Self.cutBody(ByteBuffer(), announcing: 2))
        case .ofrep:
            // A 200 head announcing a body that never comes.
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: Self.cutBody(ByteBuffer(), announcing: 2))
        }
    }

    /// Writes `part`, then fails the response: the server closes a connection whose response failed.
    private static func cutBody(_ part: ByteBuffer, announcing length: Int?) -> ResponseBody {
        ResponseBody(contentLength: length) { writer in
            if part.readableBytes > 0 { try await writer.write(part) }
            throw DroppedMidBody()
        }
    }

    private func bodyResponse(_ bytes: [UInt8], on endpoint: DefinitionsServer.Endpoint) -> Response {
        let buffer = ByteBuffer(bytes: bytes)
        switch endpoint.shape {
        case .document:
            let etag = EntityTag.make(version: server.store.served.documentVersion, body: bytes)
            let headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-cache", .eTag: etag]
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: buffer))
        case .stream:
            // Streamed without a length, as a stream is, and ended after the bytes.
            return Response(status: .ok, headers: Self.streamHeaders, body: ResponseBody { writer in
                try await writer.write(buffer)
                try await writer.finish(nil)
            })
        case .events, .report:
            return Response(status: .ok, body: ResponseBody(byteBuffer: buffer))
        case .ofrep:
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
        }
    }
}

/// Ends a response on purpose after part of its body.
struct DroppedMidBody: Error {}
