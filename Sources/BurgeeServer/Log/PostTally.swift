/// What an ``Inbox`` totals over every post it stores, dropped ones included: a vendor's stats.
protocol PostTally: Sendable {
    /// The post tallied.
    associatedtype Post: Sendable
    /// Nothing tallied yet.
    init()
    /// Adds `post` to the totals.
    mutating func add(_ post: Post)
}
