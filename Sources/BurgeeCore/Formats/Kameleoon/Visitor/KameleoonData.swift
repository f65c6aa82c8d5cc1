/// One piece of visitor data, as Kameleoon's `addData` takes it (`CustomData`, `Device`,
/// `Browser`, `OperatingSystem`, `Geolocation`, `PageView`, `Cookie`, `Conversion`,
/// `ApplicationVersion`, `UserAgent`).
package enum KameleoonData: Sendable, Equatable {
    /// Values of a custom data, by its index or by its name in the configuration.
    case customData(KameleoonCustomDataKey, [String])
    /// `PHONE`, `TABLET` or `DESKTOP`.
    case device(String)
    /// `CHROME`, `INTERNET_EXPLORER`, `FIREFOX`, `SAFARI`, `OPERA` or `OTHER`, and its version.
    case browser(String, version: Double?)
    /// `WINDOWS`, `MAC`, `IOS`, `LINUX`, `ANDROID` or `WINDOWS_PHONE`.
    case operatingSystem(String)
    /// Where the visitor is.
    case geolocation(KameleoonGeolocation)
    /// A page the visitor saw (an empty URL is ignored).
    case pageView(url: String, title: String?)
    /// The visitor's cookies, replacing any given before.
    case cookies([(name: String, value: String)])
    /// A goal the visitor reached.
    case conversion(goalId: Int64, revenue: Double, negative: Bool)
    /// The visitor's application version (`1.2.3`).
    case applicationVersion(String)
    /// The visitor's user agent.
    case userAgent(String)

    /// Whether two pieces of data are the same.
    package static func == (a: KameleoonData, b: KameleoonData) -> Bool {
        switch (a, b) {
        case let (.customData(k1, v1), .customData(k2, v2)): return k1 == k2 && v1 == v2
        case let (.device(x), .device(y)), let (.operatingSystem(x), .operatingSystem(y)),
             let (.applicationVersion(x), .applicationVersion(y)), let (.userAgent(x), .userAgent(y)): return x == y
        case let (.browser(x, v1), .browser(y, v2)): return x == y && v1 == v2
        case let (.geolocation(x), .geolocation(y)): return x == y
        case let (.pageView(u1, t1), .pageView(u2, t2)): return u1 == u2 && t1 == t2
        case let (.cookies(x), .cookies(y)): return x.elementsEqual(y) { $0.name == $1.name && $0.value == $1.value }
        case let (.conversion(g1, r1, n1), .conversion(g2, r2, n2)): return g1 == g2 && r1 == r2 && n1 == n2
        default: return false
        }
    }
}

/// How a custom data is named when it is added: by its index, or by its name in the configuration.
package enum KameleoonCustomDataKey: Sendable, Hashable {
    /// The custom data's index.
    case index(Int64)
    /// The custom data's name, looked up in the configuration's `customData`; data under a name
    /// the configuration does not have is ignored.
    case name(String)
}

/// A visitor's geolocation; `country` is required by the condition that reads it.
package struct KameleoonGeolocation: Sendable, Equatable {
    /// The country.
    package var country: String
    /// The region.
    package var region: String?
    /// The city.
    package var city: String?
    /// The postal code.
    package var postalCode: String?
    /// The latitude.
    package var latitude: Double?
    /// The longitude.
    package var longitude: Double?

    /// A geolocation.
    package init(country: String, region: String? = nil, city: String? = nil, postalCode: String? = nil,
                latitude: Double? = nil, longitude: Double? = nil) {
        self.country = country
        self.region = region
        self.city = city
        self.postalCode = postalCode
        self.latitude = latitude
        self.longitude = longitude
    }
}
