import Burgee

/// What a client's Kameleoon calls keep and where their tracking goes, set by
/// `BurgeeClient.Configuration.kameleoon(…)` (or ``BurgeeClient/Configuration/kameleoonVisitors``).
struct KameleoonClientSettings: Sendable {
    var limits = KameleoonVisitorLimits()
    /// The Data API's connection, for `getRemoteVisitorData`; `nil` when the client was not
    /// configured for Kameleoon's services.
    var connection: KameleoonConnection?
    /// The domain of the visitor code cookie (Kameleoon's `top_level_domain`).
    var topLevelDomain: String?
}

extension BurgeeClient.Configuration {
    /// The domain the visitor code cookie is set for (Kameleoon's `topLevelDomain`, such as
    /// `example.com`, so that every subdomain shares the code), lowercased, without `http://` or
    /// `https://`, as Kameleoon's SDKs take it; `nil` leaves the cookie's `Domain` out.
    public var kameleoonTopLevelDomain: String? {
        get { self[module: KameleoonClientSettings.self]?.topLevelDomain }
        set {
            var settings = self[module: KameleoonClientSettings.self] ?? KameleoonClientSettings()
            settings.topLevelDomain = newValue.map { domain in
                var text = Substring(domain.lowercased())
                for scheme in ["http://", "https://"] where text.hasPrefix(scheme) { text = text.dropFirst(scheme.count) }
                return String(text)
            }
            self[module: KameleoonClientSettings.self] = settings
        }
    }

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
