import BurgeeCore

/// A context evaluated (or tracked) that was not noticed earlier in its period, for a destination
/// that announces each context once per period (LaunchDarkly's index events). Queued before the
/// event of the evaluation or `track` that noticed it; not part of Burgee's own batch JSON.
package struct ContextNoticeEvent: Sendable, Hashable {
    /// When it was noticed, in milliseconds since the Unix epoch.
    package var timestamp: Int64
    /// The period it was noticed in: 0 for the first, then one more each
    /// ``ContextNoticeSettings/period``; a destination forgets the contexts it saw when it changes.
    package var period: Int
    /// The context's keys by kind.
    package var contextKeys: [String: String]
    /// The context itself, for a destination that sends its attributes; not compared.
    package var context: Context?

    /// A notice.
    package init(timestamp: Int64, period: Int, contextKeys: [String: String], context: Context? = nil) {
        self.timestamp = timestamp
        self.period = period
        self.contextKeys = contextKeys
        self.context = context
    }

    package static func == (a: ContextNoticeEvent, b: ContextNoticeEvent) -> Bool {
        a.timestamp == b.timestamp && a.period == b.period && a.contextKeys == b.contextKeys
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(timestamp)
        hasher.combine(period)
        hasher.combine(contextKeys)
    }
}

/// How a destination that announces contexts (``EventDestination/contextNotices``) wants them
/// noticed: at most once per `period` each, among about `capacity` contexts a period.
package struct ContextNoticeSettings: Sendable, Equatable {
    /// How long a period lasts: the contexts noticed are forgotten at its end.
    package var period: Duration
    /// How many contexts a period the filter remembers (it holds four times as many entries);
    /// beyond, a context may be noticed again, which the destination deduplicates.
    package var capacity: Int

    /// Settings.
    package init(period: Duration, capacity: Int) {
        self.period = period
        self.capacity = capacity
    }
}
