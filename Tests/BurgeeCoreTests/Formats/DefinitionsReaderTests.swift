import BurgeeCore
import Testing

@Suite("reading definitions of a given or detected format")
struct DefinitionsReaderTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func error(_ text: String, _ format: DefinitionsFormat?) -> DefinitionsError? {
        do {
            _ = try Definitions(jsonBytes: bytes(text), format: format)
            return nil
        } catch {
            return error
        }
    }

    @Test("a native document reads and compiles as it always has, detected or given", arguments: [nil, DefinitionsFormat.native])
    func nativeUnchanged(_ format: DefinitionsFormat?) throws {
        let bytes = Self.bytes(FormatDocuments.native)
        let read = try #require(Definitions(jsonBytes: bytes, format: format).document)
        #expect(read == (try DefinitionsDocument(jsonBytes: bytes)))
        let snapshot = try Snapshot(jsonBytes: bytes, format: format)
        let before = try Snapshot(jsonBytes: bytes)
        #expect(snapshot.format == .native && snapshot.version == 3)
        #expect(snapshot.flagKeys == before.flagKeys && snapshot.segmentKeys == before.segmentKeys)
        let detail = snapshot.evaluate("new-checkout", context: Context(key: "u-1"), default: false, as: .boolean)
        #expect(detail.value == .bool(true) && detail.variationKey == "on")
    }

    @Test("every recognised format is read, detected or given", arguments: [
        (FormatDocuments.flagd, DefinitionsFormat.flagd), (FormatDocuments.unleash, .unleash),
        (FormatDocuments.launchDarkly, .launchDarkly), (FormatDocuments.launchDarklyPut, .launchDarkly),
    ])
    func everyFormatRead(_ text: String, _ format: DefinitionsFormat) throws {
        for given in [nil, format] {
            #expect(try Definitions(jsonBytes: Self.bytes(text), format: given).format == format)
        }
    }

    @Test("flagd documents compile into a snapshot, detected or given", arguments: [nil, DefinitionsFormat.flagd])
    func flagd(_ given: DefinitionsFormat?) throws {
        let snapshot = try Snapshot(jsonBytes: Self.bytes(FormatDocuments.flagd), format: given)
        #expect(snapshot.format == .flagd)
        let detail = snapshot.evaluate("f", context: Context(flagdJSON: [:]))
        #expect(detail.value == .bool(true) && detail.variationKey == "on")
    }

    @Test("Unleash documents compile into a snapshot, detected or given; they have no native document", arguments: [
        FormatDocuments.unleash, FormatDocuments.unleashDelta,
    ])
    func unleashCompiles(_ text: String) throws {
        for given in [nil, DefinitionsFormat.unleash] {
            let snapshot = try Snapshot(jsonBytes: Self.bytes(text), format: given)
            #expect(snapshot.flagKeys == ["new-checkout"])
            #expect(snapshot.format == .unleash)
            let definitions = try Definitions(jsonBytes: Self.bytes(text), format: given)
            #expect(definitions.format == .unleash && definitions.document == nil)
        }
    }

    @Test("LaunchDarkly documents and stream puts compile into a snapshot, detected or given", arguments: [
        (FormatDocuments.launchDarkly, ["f"], [String]()), (FormatDocuments.launchDarklyPut, [], ["beta"]),
        (FormatDocuments.launchDarklyPutWithoutPath, ["g"], []),
    ])
    func launchDarklyCompiles(_ text: String, _ flags: [String], _ segments: [String]) throws {
        for given in [nil, DefinitionsFormat.launchDarkly] {
            let snapshot = try Snapshot(jsonBytes: Self.bytes(text), format: given)
            #expect(snapshot.flagKeys == flags && snapshot.segmentKeys == segments)
            #expect(snapshot.format == .launchDarkly && snapshot.version == 0)
            #expect(snapshot.problems.isEmpty)
        }
    }

    @Test("LaunchDarkly definitions are cached as a stream put, which reads back as LaunchDarkly's even without flags")
    func launchDarklyCacheForm() throws {
        for text in [#"{"flags":{},"segments":{}}"#, #"{"path":"/","data":{"flags":{}}}"#, FormatDocuments.launchDarkly] {
            let definitions = try Definitions(jsonBytes: Self.bytes(text), format: .launchDarkly)
            let cached = definitions.json
            #expect(cached.objectValue?["path"] == "/" && cached.objectValue?["data"]?.objectValue != nil)
            let reread = try Definitions(json: cached, format: nil)
            #expect(reread.format == .launchDarkly)
            #expect(Snapshot(compiling: reread).flagKeys == Snapshot(compiling: definitions).flagKeys)
        }
    }

    @Test("an undetectable document names its candidates")
    func undetectable() {
        let error = Self.error(#"{"flags":{}}"#, nil)
        guard case .undetectedFormat(let candidates, _)? = error else {
            Issue.record("expected undetectedFormat")
            return
        }
        #expect(candidates == [.launchDarkly, .flagd, .datadog])
        #expect(error?.description.hasSuffix("it could be launchdarkly, flagd or datadog") == true)
    }

    @Test("a given format settles what detection cannot")
    func givenFormatSettles() throws {
        #expect(try Snapshot(jsonBytes: Self.bytes(#"{"flags":{}}"#), format: .flagd).flagKeys.isEmpty)
        #expect(try Snapshot(jsonBytes: Self.bytes(#"{"flags":{}}"#), format: .launchDarkly).flagKeys.isEmpty)
        #expect(Self.error("{}", .unleash) == .notOfFormat(.unleash, "'features' is missing, not an array"))
        let both = #"{"formatVersion":1,"features":[],"flags":{}}"#
        #expect(Self.error(both, nil) == .undetectedFormat(
            candidates: [.native, .unleash],
            message: #"the document has the markers of more than one format: "formatVersion" (native Burgee), "features" (Unleash)"#))
        #expect(try Definitions(jsonBytes: Self.bytes(both), format: .native).document?.flags.isEmpty == true)
        #expect(try Definitions(jsonBytes: Self.bytes(both), format: .unleash).format == .unleash)
    }

    @Test("a given format that the document plainly is not is refused, saying what was expected")
    func givenFormatContradicted() throws {
        let error = try #require(Self.error(FormatDocuments.native, .launchDarkly))
        guard case .notOfFormat(.launchDarkly, let why) = error else {
            Issue.record("expected notOfFormat(.launchDarkly), got \(error)")
            return
        }
        #expect(why.contains(#""formatVersion" (native Burgee)"#))
        #expect(error.description.hasPrefix("not LaunchDarkly definitions: the document has \"formatVersion\""))
        #expect(error.description.contains(DefinitionsFormat.launchDarkly.expectedShape))

        let flagdAsUnleash = try #require(Self.error(FormatDocuments.flagd, .unleash))
        #expect(flagdAsUnleash.description.hasPrefix("not Unleash definitions: "))
        #expect(flagdAsUnleash.description.contains(#"(flagd); Unleash definitions are an object with a "features" array"#))

        let launchDarklyAsNative = try #require(Self.error(FormatDocuments.launchDarkly, .native))
        #expect(launchDarklyAsNative.description.hasPrefix(#"not native Burgee definitions: the document has "flags" whose flags have "on" ("f") (LaunchDarkly)"#))

        let array = try #require(Self.error("[1]", .flagd))
        #expect(array == .notOfFormat(.flagd, "the top level is array, not an object; flagd definitions are \(DefinitionsFormat.flagd.expectedShape)"))
    }

    @Test("the native reader's own errors are unchanged", arguments: [
        (#"{"formatVersion":2}"#, DefinitionsError.unsupportedFormatVersion("2")),
        (#"{"formatVersion":1,"flags":[]}"#, .notADefinitionsDocument("'flags' is array, not an object")),
        (#"{"flags":{"f":{"enabled":true}}}"#, .notADefinitionsDocument("'formatVersion' is missing")),
        ("[]", .notADefinitionsDocument("the top level is array, not an object")),
    ])
    func nativeErrors(_ text: String, _ expected: DefinitionsError) {
        // The given native format goes straight to the native reader; detection sends documents
        // with a formatVersion there too.
        #expect(Self.error(text, .native) == expected)
        #expect(throws: expected) { _ = try DefinitionsDocument(jsonBytes: Self.bytes(text)) }
        if text.contains("formatVersion") { #expect(Self.error(text, nil) == expected) }
    }

    @Test("bytes that are not JSON are invalid JSON whatever the format", arguments: [nil, DefinitionsFormat.native, .unleash, .launchDarkly, .flagd])
    func notJSON(_ format: DefinitionsFormat?) {
        guard case .invalidJSON? = Self.error(#"{"formatVersion":1,"flags":{"#, format) else {
            Issue.record("expected invalidJSON")
            return
        }
    }
}
