import Burgee

extension DataSourceConfiguration {
    /// flagd documents from several files, merged in order (a later file's flag replaces an
    /// earlier one's of the same key).
    public static func flagdFiles(_ paths: [String], watch: Bool = false, interval: Duration = .seconds(1),
                                  maxBytes: Int = 50 * 1024 * 1024) -> DataSourceConfiguration {
        flagd(.files(paths), watch: watch, interval: interval, maxBytes: maxBytes)
    }

    /// flagd documents from every `*.json`, `*.yaml` and `*.yml` file of a directory, merged in the
    /// byte order of their names; with `watch`, files added, changed or removed are noticed.
    public static func flagdDirectory(_ path: String, watch: Bool = false, interval: Duration = .seconds(1),
                                      maxBytes: Int = 50 * 1024 * 1024) -> DataSourceConfiguration {
        flagd(.directory(path), watch: watch, interval: interval, maxBytes: maxBytes)
    }

    private static func flagd(_ location: FlagdFilesDataSource.Location, watch: Bool, interval: Duration,
                              maxBytes: Int) -> DataSourceConfiguration {
        DataSourceConfiguration { _ throws(ConfigurationError) in
            switch location {
            case .files(let paths):
                guard !paths.isEmpty, !paths.contains(where: \.isEmpty) else { throw .emptyFilePath }
            case .directory(let path):
                guard !path.isEmpty else { throw .emptyFilePath }
            }
            if watch, interval <= .zero { throw .notPositive("the file watch interval") }
            guard maxBytes > 0 else { throw .notPositive("the file size limit") }
            return FlagdFilesDataSource(location, watch: watch, interval: interval, maxBytes: maxBytes)
        }
    }
}
