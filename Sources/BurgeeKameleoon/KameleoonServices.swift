import Burgee
import BurgeeCore
import Logging
import Metrics

/// What one client's Kameleoon calls share: its visitors, its tracking registry and its
/// connection to Kameleoon's Data API, made on the first call (or when its Kameleoon event
/// destination is attached) (``BurgeeClient/attachment(_:make:)``).
final class KameleoonServices: Sendable {
    let visitors: KameleoonVisitorStore
    /// The visitors the next tracking run sends.
    let registry = KameleoonTrackingRegistry()
    let connection: KameleoonConnection?
    /// The client's one access token, shared by tracking and the Data API.
    let token: KameleoonAccessToken?
    let remoteData: KameleoonRemoteDataClient?
    /// Where each client keeps its services.
    static let key = AttachmentKey<KameleoonServices>()

    init(settings: KameleoonClientSettings, metrics: any MetricsFactory, logger: Logger, clock: ClientClock) {
        visitors = KameleoonVisitorStore(limits: settings.limits, metrics: metrics)
        connection = settings.connection
        let token = settings.connection.map { KameleoonAccessToken(connection: $0, logger: logger, clock: clock) }
        self.token = token
        remoteData = settings.connection.map { KameleoonRemoteDataClient(connection: $0, token: token!, logger: logger) }
    }
}

extension BurgeeClient {
    var kameleoonServices: KameleoonServices {
        attachment(KameleoonServices.key) {
            KameleoonServices(settings: configuration[module: KameleoonClientSettings.self] ?? KameleoonClientSettings(),
                              metrics: configuration.metricsFactory ?? MetricsSystem.factory, logger: logger, clock: clock)
        }
    }
}
