/// The bounds a reply must keep within: a server (or anything that answers on its port) cannot
/// make the client allocate more than these, whatever lengths it declares.
public struct RESPLimits: Sendable, Hashable {
    /// The longest bulk string, verbatim string or bulk error, in bytes. Redis allows 512 MB; a
    /// client of flag definitions needs far less.
    public var maxBulkBytes: Int
    /// The most elements of one array, set, push or map (a map's pairs count twice).
    public var maxElements: Int
    /// The deepest nesting of aggregates.
    public var maxDepth: Int
    /// The longest line of a simple string, error, integer, double or big number, in bytes.
    public var maxLineBytes: Int

    /// Limits; the defaults take 64 MiB strings, a million elements and 64 levels.
    public init(maxBulkBytes: Int = 64 << 20, maxElements: Int = 1 << 20, maxDepth: Int = 64, maxLineBytes: Int = 64 << 10) {
        self.maxBulkBytes = maxBulkBytes
        self.maxElements = maxElements
        self.maxDepth = maxDepth
        self.maxLineBytes = maxLineBytes
    }
}
