/// Resource limits on the JSON that Burgee reads: definitions, evaluation requests, events.
public struct JSONLimits: Sendable {
    /// The deepest nesting of arrays and objects accepted; a scalar at top level has depth 0.
    public var maxDepth: Int
    /// The longest input accepted, in bytes; checked before any parsing.
    public var maxBytes: Int

    /// Creates limits; the defaults suit flag definitions and evaluation requests.
    public init(maxDepth: Int = 128, maxBytes: Int = 64 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// A nesting depth of 128 and a size of 64 MiB.
    public static let `default` = JSONLimits()
}
