import Testing
@testable import BurgeeCore

/// Reading Kameleoon conditions: the three refusals the SDK makes, what it does not refuse, and
/// the conditions known when definitions compile.
@Suite("Kameleoon conditions: reading and lowering")
struct KameleoonConditionReadingTests {
    typealias K = KameleoonConditionSupport

    static func refusal(_ json: JSONValue) -> String? {
        do { _ = try K.condition(json); return nil } catch {
            guard let error = error as? DefinitionsError, case .refused(let format, let path, let why) = error,
                  format == .kameleoon else { return "unexpected \(error)" }
            return "'\(path)': \(why)"
        }
    }

    @Test("CUSTOM_DATUM without customDataIndex refuses the document at …/customDataIndex")
    func missingIndex() {
        let why = Self.refusal(["targetingType": "CUSTOM_DATUM", "valueMatchType": "EXACT", "value": "a"])
        #expect(why?.hasPrefix("'/segments/0/conditionsData/firstLevel/0/conditions/0/customDataIndex'") == true, "\(why ?? "read")")
    }

    @Test("a customDataIndex that is not a string refuses the document at …/customDataIndex", arguments: [JSONValue.number(3), .null, .bool(true)])
    func numericIndex(_ index: JSONValue) {
        let why = Self.refusal(["targetingType": "CUSTOM_DATUM", "customDataIndex": index, "valueMatchType": "EXACT", "value": "a"])
        #expect(why?.hasPrefix("'/segments/0/conditionsData/firstLevel/0/conditions/0/customDataIndex'") == true, "\(why ?? "read")")
    }

    @Test("a valueMatchType that is no operator name refuses the document at …/valueMatchType",
          arguments: [JSONValue.string("NOPE"), .string("exact"), .number(1), .null])
    func unknownOperator(_ name: JSONValue) {
        let why = Self.refusal(["targetingType": "CUSTOM_DATUM", "customDataIndex": "1", "valueMatchType": name, "value": "a"])
        #expect(why?.hasPrefix("'/segments/0/conditionsData/firstLevel/0/conditions/0/valueMatchType'") == true, "\(why ?? "read")")
        #expect(Self.refusal(["targetingType": "CUSTOM_DATUM", "customDataIndex": "1"])?.contains("valueMatchType") == true)
    }

    @Test("a condition that is not an object refuses the document")
    func notAnObject() {
        #expect(Self.refusal("CUSTOM_DATUM") != nil)
        #expect(Self.refusal([:]) == nil)
    }

    @Test("ANY and UNKNOWN are operator names without a custom-data meaning: false, not refused", arguments: ["ANY", "UNKNOWN"])
    func anyAndUnknown(_ name: String) throws {
        let json: JSONValue = ["targetingType": "CUSTOM_DATUM", "customDataIndex": "1", "valueMatchType": .string(name), "value": "pro"]
        #expect(try K.isConstant(json))
        #expect(try !K.holds(json, K.visitor(["customData": ["1": ["pro"]]])))
        let excluded: JSONValue = ["targetingType": "CUSTOM_DATUM", "customDataIndex": "1", "valueMatchType": .string(name),
                                   "value": "pro", "isInclude": false]
        #expect(try K.holds(excluded, K.nobody))
    }

    @Test("unknown and missing targeting types are false before isInclude", arguments: [
        JSONValue.string("EXPLICIT_TRIGGER"), .string("NO_SUCH_TYPE"), .null, .number(3),
    ])
    func unknownTypes(_ type: JSONValue) throws {
        #expect(try !K.holds(["targetingType": type], K.visitor()))
        #expect(try K.holds(["targetingType": type, "isInclude": false], K.visitor()))
        #expect(try K.isConstant(["targetingType": type]))
    }

    @Test("only isInclude false excludes")
    func isInclude() throws {
        for (value, include) in [(JSONValue.bool(false), false), (.bool(true), true), (.null, true), (.number(0), true), (.string("false"), true)] {
            let condition = try K.condition(["targetingType": "VISITS", "isInclude": value])
            #expect(condition.isInclude == include)
        }
    }

    @Test("SDK_LANGUAGE compares Burgee's own name and version when definitions compile")
    func sdkLanguage() throws {
        #expect(try K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE"], K.nobody))
        #expect(try !K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "PYTHON"], K.visitor()))
        #expect(try K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "PYTHON", "isInclude": false], K.visitor()))
        #expect(try K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE", "version": "0.1", "versionMatchType": "EQUAL"], K.visitor()))
        #expect(try K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE", "version": "0.0.9", "versionMatchType": "greater"], K.visitor()))
        #expect(try !K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE", "version": "1", "versionMatchType": "GREATER"], K.visitor()))
        #expect(try K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE", "version": "1", "versionMatchType": "LOWER"], K.visitor()))
        #expect(try K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE", "version": .null], K.visitor()))
        #expect(try !K.holds(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE", "version": "", "versionMatchType": "EQUAL"], K.visitor()))
        #expect(try K.isConstant(["targetingType": "SDK_LANGUAGE", "sdkLanguage": "BURGEE", "version": "0.1", "versionMatchType": "EQUAL"]))
    }

    @Test("SEGMENT inlines the segment's condition; a missing or null segment is false")
    func segment() throws {
        let scope = K.scope(segments: [7: .always, 8: .not(.always)])
        #expect(try K.holds(["targetingType": "SEGMENT", "segmentId": 7], K.visitor(), scope: scope))
        #expect(try !K.holds(["targetingType": "SEGMENT", "segmentId": 8], K.visitor(), scope: scope))
        #expect(try !K.holds(["targetingType": "SEGMENT", "segmentId": 8, "isInclude": true], K.nobody, scope: scope))
        #expect(try K.holds(["targetingType": "SEGMENT", "segmentId": 8, "isInclude": false], K.visitor(), scope: scope))
        #expect(try !K.holds(["targetingType": "SEGMENT", "segmentId": 9], K.visitor(), scope: scope))
        #expect(try !K.holds(["targetingType": "SEGMENT", "segmentId": .null], K.visitor(), scope: scope))
        #expect(try K.holds(["targetingType": "SEGMENT", "segmentId": .null, "isInclude": false], K.visitor(), scope: scope))
    }

    @Test("a visitor condition tests the context's visitor attribute, absent data failing the operator")
    func visitorTestShape() throws {
        let lowered = try K.condition(["targetingType": "VISITS", "matchType": "EQUAL", "visitCount": 1, "isInclude": false])
            .lowered(in: K.scope())
        guard case .test(let test) = lowered, case .visitor = test.op else { Issue.record("not a visitor test: \(lowered)"); return }
        #expect(test.contextKind == "visitor")
        #expect(test.attribute.text == "visitor")
        #expect(test.negate)
        #expect(test.absent == .failsOperator)
        #expect(test.wholeValue)
        #expect(!test.lowercaseInput)
        #expect(test.label.text.hasPrefix("VISITS "))
    }
}
