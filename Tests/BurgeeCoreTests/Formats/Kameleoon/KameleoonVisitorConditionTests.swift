import Testing
@testable import BurgeeCore

/// The visitor conditions other than custom data, true and false, as Kameleoon's Python SDK answers.
@Suite("Kameleoon conditions: visitor data")
struct KameleoonVisitorConditionTests {
    typealias K = KameleoonConditionSupport

    @Test("VISITOR_CODE: the code, by EXACT, CONTAINS or a full match")
    func visitorCode() throws {
        #expect(try K.holds(["targetingType": "VISITOR_CODE", "matchType": "EXACT", "visitorCode": "v-1"], K.nobody))
        #expect(try !K.holds(["targetingType": "VISITOR_CODE", "matchType": "EXACT", "visitorCode": "v-2"], K.visitor()))
        #expect(try K.holds(["targetingType": "VISITOR_CODE", "matchType": "CONTAINS", "visitorCode": "-"], K.visitor()))
        #expect(try K.holds(["targetingType": "VISITOR_CODE", "matchType": "REGULAR_EXPRESSION", "visitorCode": "v-\\d"], K.visitor()))
        #expect(try !K.holds(["targetingType": "VISITOR_CODE", "matchType": "REGULAR_EXPRESSION", "visitorCode": "v"], K.visitor()))
        #expect(try !K.holds(["targetingType": "VISITOR_CODE", "matchType": "exact", "visitorCode": "v-1"], K.visitor()))
    }

    @Test("DEVICE_TYPE and OPERATING_SYSTEM: equal names")
    func deviceAndOS() throws {
        #expect(try K.holds(["targetingType": "DEVICE_TYPE", "device": "phone"], K.visitor(["device": "PHONE"])))
        #expect(try !K.holds(["targetingType": "DEVICE_TYPE", "device": "PHONE"], K.visitor(["device": "DESKTOP"])))
        #expect(try !K.holds(["targetingType": "DEVICE_TYPE", "device": "PHONE"], K.visitor()))
        #expect(try K.holds(["targetingType": "DEVICE_TYPE", "device": "PHONE", "isInclude": false], K.nobody))
        #expect(try K.holds(["targetingType": "OPERATING_SYSTEM", "os": "IOS"], K.visitor(["os": "IOS"])))
        #expect(try !K.holds(["targetingType": "OPERATING_SYSTEM", "os": "ios"], K.visitor(["os": "IOS"])))
        #expect(try !K.holds(["targetingType": "OPERATING_SYSTEM", "os": "MAC"], K.visitor(["os": "IOS"])))
    }

    @Test("BROWSER: the browser, then float(major.minor) against the version (none or 0 is −1)")
    func browser() throws {
        let chrome = K.visitor(["browser": "CHROME", "browserVersion": 100.5])
        #expect(try K.holds(["targetingType": "BROWSER", "browser": "CHROME"], chrome))
        #expect(try !K.holds(["targetingType": "BROWSER", "browser": "FIREFOX"], chrome))
        #expect(try K.holds(["targetingType": "BROWSER", "browser": "IE"], K.visitor(["browser": "INTERNET_EXPLORER"])))
        #expect(try K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "100.5.9", "versionMatchType": "EQUAL"], chrome))
        #expect(try K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": 100, "versionMatchType": "greater"], chrome))
        #expect(try !K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "101", "versionMatchType": "GREATER"], chrome))
        #expect(try K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "101", "versionMatchType": "LOWER"], chrome))
        #expect(try !K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "x", "versionMatchType": "LOWER"], chrome))
        #expect(try !K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "100"], chrome))
        let noVersion = K.visitor(["browser": "CHROME", "browserVersion": 0])
        #expect(try !K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "0", "versionMatchType": "EQUAL"], noVersion))
        #expect(try K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "0", "versionMatchType": "LOWER"], noVersion))
        #expect(try K.holds(["targetingType": "BROWSER", "browser": "CHROME", "version": "1.10", "versionMatchType": "EQUAL"],
                            K.visitor(["browser": "CHROME", "browserVersion": 1.1])))
    }

    @Test("GEOLOCATION: each given field equal without regard to case, Unicode included")
    func geolocation() throws {
        let paris = K.visitor(["geolocation": ["country": "France", "region": "Ile-de-France", "city": "\u{C9}vry"]])
        #expect(try K.holds(["targetingType": "GEOLOCATION", "country": "FRANCE"], paris))
        #expect(try K.holds(["targetingType": "GEOLOCATION", "country": "france", "region": "ILE-DE-FRANCE", "city": "\u{E9}VRY"], paris))
        #expect(try !K.holds(["targetingType": "GEOLOCATION", "country": "France", "city": "Paris"], paris))
        #expect(try !K.holds(["targetingType": "GEOLOCATION", "country": "France", "region": "X"],
                             K.visitor(["geolocation": ["country": "France"]])))
        #expect(try !K.holds(["targetingType": "GEOLOCATION", "country": "France"], K.visitor()))
        #expect(try K.holds(["targetingType": "GEOLOCATION", "country": "\u{3A3}\u{391}\u{3A3}"],
                            K.visitor(["geolocation": ["country": "\u{3C3}\u{3B1}\u{3C2}"]])))
        #expect(try !K.holds(["targetingType": "GEOLOCATION", "country": "\u{3A3}\u{391}\u{3A3}"],
                             K.visitor(["geolocation": ["country": "\u{3C3}\u{3B1}\u{3C3}"]])))
    }

    static let pages: JSONValue = [
        ["url": "https://x.test/cart", "title": "Cart", "count": 2, "time": .number(K.now + 3)],
        ["url": "https://x.test/home", "count": 1, "time": .number(K.now + 1)],
    ]

    @Test("PAGE_URL, PAGE_TITLE, PREVIOUS_PAGE, PAGE_VIEWS: the latest pages and the sum of counts")
    func pages() throws {
        let v = K.visitor(["pages": Self.pages])
        #expect(try K.holds(["targetingType": "PAGE_URL", "matchType": "CONTAINS", "url": "/cart"], v))
        #expect(try !K.holds(["targetingType": "PAGE_URL", "matchType": "CONTAINS", "url": "/home"], v))
        #expect(try K.holds(["targetingType": "PAGE_TITLE", "matchType": "EXACT", "title": "Cart"], v))
        #expect(try !K.holds(["targetingType": "PAGE_TITLE", "matchType": "EXACT", "title": "Cart"],
                             K.visitor(["pages": [["url": "u", "count": 1, "time": 1]]])))
        #expect(try K.holds(["targetingType": "PREVIOUS_PAGE", "matchType": "REGULAR_EXPRESSION", "url": ".*/home"], v))
        #expect(try !K.holds(["targetingType": "PREVIOUS_PAGE", "matchType": "REGULAR_EXPRESSION", "url": ".*/cart"], v))
        #expect(try K.holds(["targetingType": "PAGE_VIEWS", "matchType": "EQUAL", "pageCount": 3], v))
        #expect(try K.holds(["targetingType": "PAGE_VIEWS", "matchType": "GREATER", "pageCount": 2], v))
        #expect(try !K.holds(["targetingType": "PAGE_VIEWS", "matchType": "LOWER", "pageCount": 3], v))
        #expect(try K.holds(["targetingType": "PAGE_VIEWS", "matchType": "EQUAL", "pageCount": 0], K.visitor()))
        #expect(try !K.holds(["targetingType": "PAGE_VIEWS", "matchType": "EQUAL", "pageCount": 0], K.nobody))
        #expect(try !K.holds(["targetingType": "PAGE_URL", "matchType": "CONTAINS", "url": ""], K.visitor()))
    }

    @Test("COOKIE: a cookie whose name matches has a value that matches")
    func cookie() throws {
        let v = K.visitor(["cookies": [["session1", "free"], ["session2", "pro"], ["ab", "B"]]])
        #expect(try K.holds(["targetingType": "COOKIE", "name": "ab", "nameMatchType": "EXACT", "value": "B", "valueMatchType": "EXACT"], v))
        #expect(try !K.holds(["targetingType": "COOKIE", "name": "ab", "nameMatchType": "EXACT", "value": "A", "valueMatchType": "EXACT"], v))
        #expect(try K.holds(["targetingType": "COOKIE", "name": "session", "nameMatchType": "CONTAINS", "value": "r", "valueMatchType": "CONTAINS"], v))
        #expect(try !K.holds(["targetingType": "COOKIE", "name": "session", "nameMatchType": "CONTAINS", "value": "x", "valueMatchType": "CONTAINS"], v))
        #expect(try K.holds(["targetingType": "COOKIE", "name": "session\\d", "nameMatchType": "REGULAR_EXPRESSION",
                             "value": "fr.*", "valueMatchType": "REGULAR_EXPRESSION"], v))
        #expect(try !K.holds(["targetingType": "COOKIE", "name": "session", "nameMatchType": "REGULAR_EXPRESSION",
                              "value": ".*", "valueMatchType": "REGULAR_EXPRESSION"], v))
        #expect(try !K.holds(["targetingType": "COOKIE", "name": "ab", "nameMatchType": "EXACT", "value": "B", "valueMatchType": "EXACT"], K.visitor()))
        let repeated = K.visitor(["cookies": [["ab", "B"], ["ab", "C"]]])
        #expect(try !K.holds(["targetingType": "COOKIE", "name": "ab", "nameMatchType": "EXACT", "value": "B", "valueMatchType": "EXACT"], repeated))
        #expect(try K.holds(["targetingType": "COOKIE", "name": "ab", "nameMatchType": "CONTAINS", "value": "C", "valueMatchType": "EXACT"], repeated))
    }

    @Test("APPLICATION_VERSION: up to three integers compared")
    func applicationVersion() throws {
        let v = K.visitor(["appVersion": "1.2.3"])
        #expect(try K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.2.3", "versionMatchType": "EQUAL"], v))
        #expect(try K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.2", "versionMatchType": "GREATER"], v))
        #expect(try !K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.2", "versionMatchType": "LOWER"], v))
        #expect(try K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.10", "versionMatchType": "lower"], v))
        #expect(try K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.2.3", "versionMatchType": "EQUAL"],
                            K.visitor(["appVersion": "1.2.3.beta"])))
        #expect(try !K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.2.3", "versionMatchType": "EQUAL"],
                             K.visitor(["appVersion": "1.2.x"])))
        #expect(try !K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.", "versionMatchType": "LOWER"], v))
        #expect(try K.holds(["targetingType": "APPLICATION_VERSION", "version": "2", "versionMatchType": "EQUAL"], K.visitor(["appVersion": "2.0"])))
        #expect(try !K.holds(["targetingType": "APPLICATION_VERSION", "version": "1.2.3", "versionMatchType": "EQUAL"], K.visitor()))
    }

    @Test("HEAT_SLICE: the KCS score within the bounds")
    func heatSlice() throws {
        let v = K.visitor(["kcs": ["5": ["9": 42.5]]])
        #expect(try K.holds(["targetingType": "HEAT_SLICE", "keyMomentId": 5, "goalId": 9, "lowerBound": 40, "upperBound": 42.5], v))
        #expect(try !K.holds(["targetingType": "HEAT_SLICE", "keyMomentId": 5, "goalId": 9, "lowerBound": 43, "upperBound": 50], v))
        #expect(try !K.holds(["targetingType": "HEAT_SLICE", "keyMomentId": 5, "goalId": 8, "lowerBound": 0, "upperBound": 100], v))
        #expect(try !K.holds(["targetingType": "HEAT_SLICE", "keyMomentId": 5, "goalId": 9], v))
        #expect(try !K.holds(["targetingType": "HEAT_SLICE", "keyMomentId": 5, "goalId": 9, "lowerBound": 0, "upperBound": 100], K.nobody))
    }
}
