/// Which data source the client runs.
public struct DataSourceConfiguration: Sendable {
    let source: any DataSource

    /// No source: the client serves the bootstrap or cached definitions, if any, else fallbacks
    /// and defaults with `CLIENT_NOT_READY`. The status is `off`.
    public static var offline: DataSourceConfiguration { DataSourceConfiguration(source: OfflineDataSource()) }

    /// A native v1 document in a file, optionally reloaded when it changes.
    /// - Parameters:
    ///   - path: the file.
    ///   - watch: reload when the file's size, modification time or identity change.
    ///   - interval: how often to look for changes.
    ///   - maxBytes: larger files are refused.
    public static func file(_ path: String, watch: Bool = false, interval: Duration = .seconds(1),
                            maxBytes: Int = FileDataSource.defaultMaxBytes) -> DataSourceConfiguration {
        DataSourceConfiguration(source: FileDataSource(path: path, watch: watch, interval: interval, maxBytes: maxBytes))
    }

    /// A fixed document, served as the source's only answer.
    public static func bootstrap(_ payload: DefinitionsPayload) -> DataSourceConfiguration {
        DataSourceConfiguration(source: BootstrapDataSource(payload: payload))
    }

    /// Any source.
    public static func custom(_ source: any DataSource) -> DataSourceConfiguration {
        DataSourceConfiguration(source: source)
    }
}
