/// The event posts a server in LaunchDarkly mode accepted, and their totals: by endpoint, by
/// event `kind`, and bytes as received.
typealias LaunchDarklyInbox = Inbox<LaunchDarklyEventStats>

extension LaunchDarklyEventStats: PostTally {
    /// Counts one post: its endpoint, its size and its events by `kind`.
    mutating func add(_ post: LaunchDarklyEventPost) {
        bytes += post.receivedBytes
        sdks[post.sdk.rawValue, default: 0] += 1
        switch post.kind {
        case .bulk: bulkRequests += 1
        case .diagnostic: diagnosticRequests += 1
        }
        for event in post.events { kinds[event.objectValue?["kind"]?.stringValue ?? "", default: 0] += 1 }
    }
}
