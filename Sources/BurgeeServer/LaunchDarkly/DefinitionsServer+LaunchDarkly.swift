extension DefinitionsServer {
    /// What the server recorded of LaunchDarkly SDKs' event posts.
    var launchDarklyInbox: LaunchDarklyInbox {
        records.of(LaunchDarklyInbox.self)
    }

    /// The most recent posts to `/bulk` and `/diagnostic`, in arrival order: at most
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``, older ones dropped.
    public var launchDarklyEventPosts: [LaunchDarklyEventPost] {
        launchDarklyInbox.posts
    }

    /// Exact totals of the posts to `/bulk` and `/diagnostic` and of their events by `kind`.
    public var launchDarklyEventStats: LaunchDarklyEventStats {
        launchDarklyInbox.stats
    }
}
