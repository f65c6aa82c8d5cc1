/// Where a relaying server hands the posts it accepts (events, impressions, metrics, exposures,
/// tracking), to send them on to the vendor: set as ``DefinitionsServerConfiguration/forwarder``.
///
/// The server calls ``forward(_:)`` once for every post it accepted and recorded, after recording
/// it and before answering the client; posts it refused (401, 400, 413, 415) are not forwarded. The
/// call must not block: queue the post and send it elsewhere.
public protocol PostForwarder: Sendable {
    /// Takes one accepted post to send on.
    func forward(_ post: ForwardedPost)
}
