/// Delivers one fixed document.
struct BootstrapDataSource: DataSource {
    let payload: DefinitionsPayload

    func run(_ sink: DataSourceSink) async {
        await sink.apply(payload)
    }
}
