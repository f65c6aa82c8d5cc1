/// When the served content last changed: the moment, and the `Last-Modified` that HTTP answers
/// give for it.
struct ContentModification: Sendable, Hashable {
    /// The moment of the latest change (at first, of the load), in Unix milliseconds; each change
    /// moves it up by at least 1, so that two changes never share it.
    private(set) var milliseconds: Int64
    /// `Last-Modified`, in Unix seconds: the second of ``milliseconds``, yet at least one past the
    /// previous value. HTTP dates have second precision: without the step, a change within the
    /// second of the one before would keep the date, and a client's `If-Modified-Since` would be
    /// answered 304 for content it does not hold. After several changes within a second the date
    /// runs ahead of the clock by as many seconds, until the clock catches up.
    private(set) var lastModifiedSeconds: Int64

    /// The first load, at `now` (Unix milliseconds).
    init(now: Int64 = Self.nowMilliseconds()) {
        milliseconds = now
        lastModifiedSeconds = Self.second(of: now)
    }

    /// A change of the content at `now` (Unix milliseconds).
    mutating func advance(now: Int64 = Self.nowMilliseconds()) {
        milliseconds = max(now, milliseconds + 1)
        lastModifiedSeconds = max(Self.second(of: now), lastModifiedSeconds + 1)
    }

    /// The wall clock, in Unix milliseconds.
    static func nowMilliseconds() -> Int64 { DefinitionsResponder.unixMilliseconds() }

    /// The Unix second a millisecond falls in (rounded down, also before 1970).
    private static func second(of milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }
}
