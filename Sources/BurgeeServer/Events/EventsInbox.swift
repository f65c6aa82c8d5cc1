/// The `POST /events` bodies the server keeps, and their totals.
typealias EventsInbox = Inbox<EventStats>

extension EventStats: PostTally {
    /// No bodies.
    init() {
        self.init(requests: 0, bytes: 0)
    }

    /// Counts one body and its size as received.
    mutating func add(_ post: ReceivedEvents) {
        requests += 1
        bytes += post.receivedBytes
    }
}
