/// One toggle's counts summed over the Unleash metrics bodies a server received.
public struct UnleashToggleCounts: Sendable, Hashable {
    /// Evaluations that found the toggle enabled.
    public var yes: Int
    /// Evaluations that found it disabled (or unknown).
    public var no: Int
    /// Evaluations by variant name.
    public var variants: [String: Int]

    /// Counts.
    public init(yes: Int = 0, no: Int = 0, variants: [String: Int] = [:]) {
        self.yes = yes
        self.no = no
        self.variants = variants
    }
}
