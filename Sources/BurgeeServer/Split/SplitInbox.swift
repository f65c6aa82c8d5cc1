/// The posts a server in Split mode accepted, and their totals.
typealias SplitInbox = Inbox<SplitPostStats>

extension SplitPostStats: PostTally {
    /// Counts one post: by where it was sent, its size, and what it carries.
    mutating func add(_ post: SplitPost) {
        posts[post.kind, default: 0] += 1
        bytes += post.receivedBytes
        switch post.kind {
        case .impressions: impressions.merge(post.counts, uniquingKeysWith: +)
        case .impressionCounts: impressionCounts.merge(post.counts, uniquingKeysWith: +)
        case .events: events.merge(post.counts, uniquingKeysWith: +)
        case .telemetryConfig, .telemetryUsage, .uniqueKeys: break
        }
    }
}
