@testable import BurgeeCore

/// Contexts that reach many conditions: every attribute type, a multi-context, odd keys.
enum FuzzContexts {
    /// A Kameleoon visitor with every kind of data, a Data API answer and prior flags, as the
    /// command line describes one.
    static let kameleoonVisitor: JSONValue = (try? JSONValue(parsing: #"""
        {"visitorCode": "visitor-1", "consent": false,
         "remote": {"filter": {"previousVisitAmount": 3, "conversions": true, "experiments": true, "kcs": true, "cbs": true,
                               "device": true, "browser": true, "operatingSystem": true},
                    "body": {"currentVisit": {"visitorCode": "mapped", "timeStarted": 1772366400000,
                                              "customDataEvents": [{"time": 1, "data": {"index": 1, "valuesCountMap": {"pro": 1, "7": 2}}}],
                                              "pageEvents": [{"time": 2, "data": {"href": "https://x.example/a", "title": "A"}}],
                                              "experimentEvents": [{"time": 3, "data": {"id": 11, "variationId": 12}}],
                                              "conversionEvents": [{"time": 4, "data": {"goalId": 5, "revenue": 1.5}}],
                                              "geolocationEvents": [{"data": {"country": "France", "city": "Lyon"}}],
                                              "staticDataEvent": {"data": {"deviceType": "PHONE", "browser": "CHROME", "os": "MAC"}}},
                             "previousVisits": [{"timeStarted": 1772200000000}, {"timeStarted": 1772000000000}],
                             "kcs": {"1": {"5": 12.5}}, "cbs": {"11": {"12": 3, "13": 3}}}},
         "data": [{"type": "customData", "index": 2, "values": ["a", "1.5", "true"]},
                  {"type": "device", "device": "DESKTOP"}, {"type": "browser", "browser": "SAFARI", "version": 17.1},
                  {"type": "operatingSystem", "os": "IOS"}, {"type": "geolocation", "country": "Deutschland"},
                  {"type": "pageView", "url": "https://x.example/b"}, {"type": "cookie", "cookies": {"k": "v"}},
                  {"type": "conversion", "goalId": 6}, {"type": "applicationVersion", "version": "1.2.3"},
                  {"type": "userAgent", "value": "agent"}],
         "prior": ["checkout", "other"]}
        """#)) ?? .null

    static let all: [Context] = {
        let texts = [
            #"{"kind": "user", "key": "user-1", "name": "Ada", "email": "ada@example.com", "country": "de", "#
                + #""age": 37, "plan": "pro", "beta": true, "version": "2.3.4", "ip": "10.1.2.3", "#
                + #""signup": "2024-03-01T10:00:00Z", "tags": ["a", "b", null, 3], "nested": {"x": {"y": 1}}}"#,
            #"{"kind": "multi", "user": {"key": "u", "anonymous": true}, "#
                + #""org": {"key": "org-9", "tier": 3, "region": "eu-west-1"}, "device": {"key": "d", "os": "linux"}}"#,
            #"{"kind": "user", "key": "", "age": -1e308, "version": "not-a-version", "signup": 1e20}"#,
            #"{"key": "x\u0000y", "name": "ÄÖÜ ǅ ß", "email": "UPPER@EXAMPLE.COM"}"#,
        ]
        return texts.map { Context(json: try! JSONValue(parsing: $0)) }
    }()

    /// Defaults of every JSON type, so that type checks are exercised.
    static let defaults: [(JSONValue, ValueType?)] = [(.bool(false), .boolean), (.string(""), .string),
                                                       (.number(0), .int), (.number(0.5), .double), (.null, nil)]
}

/// Builds the harnesses' fixed data before the first input: built during an input, it would be
/// reported as that input's leak (LeakSanitizer does not follow pointers stored with enum tags).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _ = FuzzContexts.all
    FuzzFixtures.prepare()
    return 0
}
