import Hummingbird

extension DefinitionsResponder {
    /// Hands a post the server accepted from `request` to the configured forwarder, its body
    /// decoded; nothing without one.
    func forward(_ request: Request, body: [UInt8]) {
        guard let forwarder = server.configuration.forwarder else { return }
        var headers: [ForwardedPost.Header] = []
        for field in request.headers where !ForwardedPost.unforwarded.contains(field.name.canonicalName) {
            headers.append(ForwardedPost.Header(name: field.name.rawName, value: field.value))
        }
        let path = request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
        forwarder.forward(ForwardedPost(path: path, headers: headers, body: body))
    }
}

extension DefinitionsServer {
    /// Hands a post the server made itself (the impressions of its own evaluations) to the
    /// configured forwarder, with the headers of the request that led to it; nothing without one.
    func forward(path: String, headers: [ForwardedPost.Header], body: [UInt8]) {
        configuration.forwarder?.forward(ForwardedPost(path: path, headers: headers, body: body))
    }
}
