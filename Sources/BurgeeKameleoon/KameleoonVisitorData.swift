import BurgeeCore

/// Data added to a visitor (Kameleoon's `CustomData`, `Device`, `Browser`, `OperatingSystem`,
/// `Geolocation`, `PageView`, `Cookie`, `Conversion`, `ApplicationVersion`, `UserAgent`), which
/// targeting conditions read.
public enum KameleoonVisitorData: Sendable, Hashable {
    /// Values of the custom data at `index`; they replace earlier values at that index.
    case customData(index: Int, values: [String])
    /// Values of the custom data named `name` in the configuration (ignored when it has none).
    case namedCustomData(name: String, values: [String])
    /// `PHONE`, `TABLET` or `DESKTOP`.
    case device(String)
    /// `CHROME`, `INTERNET_EXPLORER`, `FIREFOX`, `SAFARI`, `OPERA` or `OTHER`, and its version.
    case browser(String, version: Double? = nil)
    /// `WINDOWS`, `MAC`, `IOS`, `LINUX`, `ANDROID` or `WINDOWS_PHONE`.
    case operatingSystem(String)
    /// Where the visitor is.
    case geolocation(country: String, region: String? = nil, city: String? = nil, postalCode: String? = nil,
                     latitude: Double? = nil, longitude: Double? = nil)
    /// A page the visitor saw.
    case pageView(url: String, title: String? = nil)
    /// The visitor's cookies, by name (they replace those given before).
    case cookies([String: String])
    /// A goal the visitor reached (Kameleoon's `Conversion`).
    case conversion(goalId: Int, revenue: Double = 0, negative: Bool = false)
    /// The visitor's application version (`1.2.3`).
    case applicationVersion(String)
    /// The visitor's user agent, sent with the visitor's tracking.
    case userAgent(String)

    /// The core's form of the data.
    var data: KameleoonData {
        switch self {
        case .customData(let index, let values): .customData(.index(Int64(index)), values)
        case .namedCustomData(let name, let values): .customData(.name(name), values)
        case .device(let device): .device(device)
        case .browser(let browser, let version): .browser(browser, version: version)
        case .operatingSystem(let os): .operatingSystem(os)
        case .geolocation(let country, let region, let city, let postalCode, let latitude, let longitude):
            .geolocation(KameleoonGeolocation(country: country, region: region, city: city, postalCode: postalCode,
                                              latitude: latitude, longitude: longitude))
        case .pageView(let url, let title): .pageView(url: url, title: title)
        case .cookies(let cookies): .cookies(cookies.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
        case .conversion(let goalId, let revenue, let negative): .conversion(goalId: Int64(goalId), revenue: revenue, negative: negative)
        case .applicationVersion(let version): .applicationVersion(version)
        case .userAgent(let agent): .userAgent(agent)
        }
    }
}

extension KameleoonVisitorData {
    /// The data of the core's form: what `burgee eval --events` replays through Kameleoon's calls.
    package init(_ data: KameleoonData) {
        switch data {
        case .customData(.index(let index), let values): self = .customData(index: Int(clamping: index), values: values)
        case .customData(.name(let name), let values): self = .namedCustomData(name: name, values: values)
        case .device(let device): self = .device(device)
        case .browser(let browser, let version): self = .browser(browser, version: version)
        case .operatingSystem(let os): self = .operatingSystem(os)
        case .geolocation(let g):
            self = .geolocation(country: g.country, region: g.region, city: g.city, postalCode: g.postalCode,
                                latitude: g.latitude, longitude: g.longitude)
        case .pageView(let url, let title): self = .pageView(url: url, title: title)
        case .cookies(let cookies):
            self = .cookies(Dictionary(cookies.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }))
        case .conversion(let goalId, let revenue, let negative):
            self = .conversion(goalId: Int(clamping: goalId), revenue: revenue, negative: negative)
        case .applicationVersion(let version): self = .applicationVersion(version)
        case .userAgent(let agent): self = .userAgent(agent)
        }
    }
}
