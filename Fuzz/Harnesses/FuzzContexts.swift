/// Contexts that reach many conditions: every attribute type, a multi-context, odd keys.
enum FuzzContexts {
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
