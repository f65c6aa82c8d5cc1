import Burgee

/// What a client's Kameleoon calls keep and where their tracking goes, set by
/// `BurgeeClient.Configuration.kameleoon(…)` (or ``BurgeeClient/Configuration/kameleoonVisitors``).
struct KameleoonClientSettings: Sendable {
    var limits = KameleoonVisitorLimits()
    /// The Data API's connection, for `getRemoteVisitorData`; `nil` when the client was not
    /// configured for Kameleoon's services.
    var connection: KameleoonConnection?
}

extension BurgeeClient.Configuration {
    /// How many Kameleoon visitors the client keeps, and for how long an idle one is kept.
    public var kameleoonVisitors: KameleoonVisitorLimits {
        get { self[module: KameleoonClientSettings.self]?.limits ?? KameleoonVisitorLimits() }
        set {
            var settings = self[module: KameleoonClientSettings.self] ?? KameleoonClientSettings()
            settings.limits = newValue
            self[module: KameleoonClientSettings.self] = settings
        }
    }
}
