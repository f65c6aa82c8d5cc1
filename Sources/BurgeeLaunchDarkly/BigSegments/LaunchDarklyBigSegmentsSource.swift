import Burgee

/// A LaunchDarkly data source run beside the big segment store's status polling, so that the
/// polling lives as long as the client's source and on the client's clock. The first poll comes
/// before the source starts: evaluations after the client is ready know the store's status.
struct LaunchDarklyBigSegmentsSource: DataSource {
    let source: any DataSource
    let manager: LaunchDarklyBigSegmentsManager

    func run(_ sink: DataSourceSink) async {
        let clock = sink.clock
        await manager.start(elapsed: { clock.now }, events: clock.events, logger: sink.logger)
        let interval = manager.settings.statusPollInterval
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await source.run(sink) }
            group.addTask { [manager] in
                while true {
                    do { try await clock.sleep(for: interval) } catch { return }
                    await manager.poll()
                }
            }
            await group.waitForAll()
        }
    }
}
