import BurgeeCore
import Testing
@testable import BurgeeLaunchDarkly

/// Contexts in LaunchDarkly's events: the fully qualified key and redaction, as go-server-sdk's
/// event formatter writes them (its contract tests' cases).
@Suite struct LaunchDarklyContextFormatterTests {
    private func context(_ json: String) throws -> Context {
        let context = Context(launchDarklyJSON: try JSONValue(parsing: json))
        #expect(context.isValid, "\(context.invalidReason ?? "")")
        return context
    }

    private func formatted(_ json: String, allPrivate: Bool = false, privateAttributes: [String] = [],
                           redactAnonymous: Bool = false) throws -> JSONValue {
        let formatter = LaunchDarklyContextFormatter(allAttributesPrivate: allPrivate, privateAttributes: privateAttributes)
        return formatter.json(try context(json), redactAnonymous: redactAnonymous)
    }

    @Test func fullyQualifiedKeys() throws {
        #expect(LaunchDarklyContextKey.fullyQualified(try context(#"{"kind":"user","key":"a:b"}"#)) == "a:b")
        #expect(LaunchDarklyContextKey.fullyQualified(try context(#"{"kind":"org","key":"a:b%c"}"#)) == "org:a%3Ab%25c")
        let multi = try context(#"{"kind":"multi","user":{"key":"u"},"org":{"key":"o:1"}}"#)
        #expect(LaunchDarklyContextKey.fullyQualified(multi) == "org:o%3A1:user:u")
        // A multi-context of one part is that part.
        #expect(LaunchDarklyContextKey.fullyQualified(try context(#"{"kind":"multi","org":{"key":"o"}}"#)) == "org:o")
    }

    @Test func attributesAreWrittenWithKindKeyAndAnonymous() throws {
        let json = try formatted(#"{"kind":"user","key":"k","name":"N","anonymous":true,"plan":"pro","n":1}"#)
        #expect(json == (try JSONValue(parsing: #"{"kind":"user","key":"k","n":1,"name":"N","plan":"pro","anonymous":true}"#)))
        let notAnonymous = try formatted(#"{"kind":"user","key":"k","anonymous":false}"#)
        #expect(notAnonymous == (try JSONValue(parsing: #"{"kind":"user","key":"k"}"#)))
    }

    @Test func allAttributesPrivateRedactsAllButKeyKindAndAnonymous() throws {
        let json = try formatted(#"{"kind":"user","key":"k","name":"N","anonymous":true,"b":2,"/c":3}"#, allPrivate: true)
        #expect(json.objectValue?["key"] == "k")
        #expect(json.objectValue?["anonymous"] == true)
        #expect(json.objectValue?["name"] == nil && json.objectValue?["b"] == nil)
        let redacted = json.objectValue?["_meta"]?.objectValue?["redactedAttributes"]?.arrayValue ?? []
        // A name that starts with `/` is written as the reference that names it literally.
        #expect(Set(redacted.compactMap(\.stringValue)) == ["name", "b", "/~1c"])
    }

    @Test func configuredReferencesAreRecordedAsWritten() throws {
        let json = try formatted(#"{"kind":"user","key":"k","name":"N","email":"e","x":1}"#, privateAttributes: ["/name", "email"])
        #expect(json.objectValue?["x"] == 1)
        let redacted = json.objectValue?["_meta"]?.objectValue?["redactedAttributes"]?.arrayValue ?? []
        #expect(Set(redacted.compactMap(\.stringValue)) == ["/name", "email"])
    }

    @Test func aPathRemovesOnlyThatProperty() throws {
        let json = try formatted(#"{"kind":"user","key":"k","c":{"prop1":{"a":1},"prop2":{"sub1":4,"sub2":5}},"arr":[{"x":1}]}"#,
                                 privateAttributes: ["/c/prop2/sub1", "/arr/0"])
        #expect(json.objectValue?["c"] == (try JSONValue(parsing: #"{"prop1":{"a":1},"prop2":{"sub2":5}}"#)))
        // Arrays are never entered.
        #expect(json.objectValue?["arr"] == (try JSONValue(parsing: #"[{"x":1}]"#)))
        #expect(json.objectValue?["_meta"]?.objectValue?["redactedAttributes"] == ["/c/prop2/sub1"])
    }

    @Test func aContextsOwnPrivateAttributesApplyToItOnly() throws {
        let multi = #"{"kind":"multi","user":{"key":"u","a":1,"b":2,"_meta":{"privateAttributes":["a"]}},"org":{"key":"o","a":1}}"#
        let json = try formatted(multi)
        let user = json.objectValue?["user"]?.objectValue
        let org = json.objectValue?["org"]?.objectValue
        #expect(user?["a"] == nil && user?["b"] == 2 && user?["kind"] == nil)
        #expect(user?["_meta"]?.objectValue?["redactedAttributes"] == ["a"])
        #expect(org?["a"] == 1 && org?["_meta"] == nil)
        #expect(json.objectValue?["kind"] == "multi")
    }

    @Test func keyKindAndAnonymousAreNeverRedacted() throws {
        let json = try formatted(#"{"kind":"user","key":"k","anonymous":true}"#, privateAttributes: ["key", "kind", "anonymous"])
        #expect(json == (try JSONValue(parsing: #"{"kind":"user","key":"k","anonymous":true}"#)))
    }

    @Test func featureEventsRedactAnonymousContextsOnly() throws {
        let multi = #"{"kind":"multi","user":{"key":"u","anonymous":true,"name":"N"},"org":{"key":"o","name":"O"}}"#
        let json = try formatted(multi, redactAnonymous: true)
        #expect(json.objectValue?["user"]?.objectValue?["name"] == nil)
        #expect(json.objectValue?["user"]?.objectValue?["_meta"]?.objectValue?["redactedAttributes"] == ["name"])
        #expect(json.objectValue?["org"]?.objectValue?["name"] == "O")
        #expect(try formatted(multi).objectValue?["user"]?.objectValue?["name"] == "N")
    }

    @Test func preContextUserObjectsKeepTheirPrivateNames() throws {
        let json = try formatted(#"{"key":"k","email":"e","custom":{"/p":1},"privateAttributeNames":["email","/p"]}"#)
        #expect(json.objectValue?["email"] == nil && json.objectValue?["/p"] == nil)
        let redacted = json.objectValue?["_meta"]?.objectValue?["redactedAttributes"]?.arrayValue ?? []
        #expect(Set(redacted.compactMap(\.stringValue)) == ["email", "/~1p"])
    }

    @Test func metaIsReadForPrivateAttributesOnly() throws {
        // As the native format says: `_meta` never makes a context invalid.
        #expect(Context(json: try JSONValue(parsing: #"{"key":"k","kind":"user","_meta":{"privateAttributes":"a"}}"#)).isValid)
        #expect(Context(json: try JSONValue(parsing: #"{"key":"k","kind":"user","_meta":1}"#)).isValid)
        let kept = Context(json: try JSONValue(parsing: #"{"key":"k","kind":"user","_meta":{"privateAttributes":["a", 1]}}"#))
        #expect(kept.isValid)
        #expect(kept.json.objectValue?["_meta"] == ["privateAttributes": ["a"]])
    }
}
