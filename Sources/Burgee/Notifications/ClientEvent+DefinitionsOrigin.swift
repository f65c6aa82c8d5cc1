extension ClientEvent {
    /// Where the client's current definitions came from.
    public enum DefinitionsOrigin: String, Sendable, Hashable, CaseIterable {
        /// The persistent cache, at start.
        case cache
        /// The configured bootstrap document, at start.
        case bootstrap
        /// The data source.
        case dataSource
    }
}
