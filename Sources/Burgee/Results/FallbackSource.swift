/// Which configured fallback was served in place of the caller's default.
public enum FallbackSource: String, Sendable, Hashable, Codable {
    /// The flag's own fallback (``Fallbacks/perFlag``).
    case flag
    /// The global fallback (``Fallbacks/global``).
    case global
}
