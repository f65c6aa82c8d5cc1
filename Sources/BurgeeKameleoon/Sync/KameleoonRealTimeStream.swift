import Burgee
import BurgeeCore
import Logging
import Synchronization

/// Kameleoon's real-time configuration updates: a Server-Sent Events stream whose
/// `configuration-update-event`s (`{"ts": <ms>}`) ask for the configuration at once. Reconnects
/// 3 seconds (of the client's clock) after the stream ends or fails, as Kameleoon's SDKs do;
/// `connected` says whether it is up (polling skips its fetches meanwhile).
struct KameleoonRealTimeStream: Sendable {
    static let updateEvent = "configuration-update-event"
    static let reconnectDelay: Duration = .seconds(3)

    let url: ServiceURL
    let http: HTTPOptions
    let logger: Logger
    let clock: ClientClock

    func run(connected: KameleoonStreamState, _ wakes: AsyncStream<KameleoonDataSource.Wake>.Continuation) async {
        // No read timeout: the stream may stay quiet for hours between configuration changes.
        let transport = DefinitionsTransport(options: http, sdkKey: nil, readTimeout: .seconds(24 * 3600))
        while !Task.isCancelled {
            do {
                let body = try await transport.openStream(url, lastEventID: nil)
                connected.value.store(true, ordering: .relaxed)
                logger.debug("Kameleoon real-time updates connected", metadata: ["url": "\(url)"])
                var parser = ServerSentEventParser(maxEventBytes: 64 << 10)
                for try await chunk in body {
                    for event in try parser.parse(Array(chunk.readableBytesView)) where event.name == Self.updateEvent {
                        let ts = (try? JSONValue(parsing: event.data))?.objectValue?["ts"]?.numberValue
                        wakes.yield(.update(timestamp: ts.map { Int64($0) }))
                    }
                }
            } catch {
                if Task.isCancelled { break }
                logger.notice("Kameleoon real-time updates interrupted; reconnecting",
                              metadata: ["url": "\(url)", "error": "\(error)"])
            }
            connected.value.store(false, ordering: .relaxed)
            // The stream ended: fetch once in case an update was missed, then reconnect.
            wakes.yield(.poll)
            guard (try? await clock.sleep(for: Self.reconnectDelay)) != nil else { break }
        }
        connected.value.store(false, ordering: .relaxed)
        await transport.shutdown()
    }
}

/// Whether the real-time stream is up, shared by the stream's task and the polling loop.
final class KameleoonStreamState: Sendable {
    let value = Atomic<Bool>(false)
}
