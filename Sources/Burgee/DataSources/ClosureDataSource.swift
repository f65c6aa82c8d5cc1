/// The source of ``DataSourceConfiguration/custom(_:)``: the user's closure, given the sink's
/// `apply` and `fail`.
struct ClosureDataSource: DataSource {
    let body: @Sendable (_ apply: @escaping @Sendable (DefinitionsPayload) async -> Bool,
                         _ fail: @escaping @Sendable (DataSourceError) -> Void) async -> Void

    func run(_ sink: DataSourceSink) async {
        await body({ payload in await sink.apply(payload) }, { error in sink.fail(error) })
    }
}
