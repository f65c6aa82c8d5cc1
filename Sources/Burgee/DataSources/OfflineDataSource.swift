/// Delivers nothing; the status is `off`.
struct OfflineDataSource: DataSource {
    func run(_ sink: DataSourceSink) async {
        sink.setState(.off)
    }
}
