import BurgeeCore
import Foundation
import Testing

/// Small, realistic documents of each format.
enum FormatDocuments {
    static let native = #"""
    {"formatVersion":1,"version":3,"flags":{
      "new-checkout":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
        "offVariation":"off","fallthrough":{"variation":"on"}}},
     "segments":{"beta":{"included":["u-1"]}}}
    """#

    static let unleash = #"""
    {"version":2,"features":[
      {"name":"new-checkout","type":"release","enabled":true,"project":"default","stale":false,"impressionData":false,
       "strategies":[{"name":"flexibleRollout","constraints":[{"contextName":"country","operator":"IN","values":["FR"]}],
                      "parameters":{"rollout":"50","stickiness":"default","groupId":"new-checkout"},"variants":[]}],
       "variants":[{"name":"blue","weight":1000,"stickiness":"default","payload":{"type":"string","value":"x"}}]}],
     "segments":[],"query":{"project":["default"],"environment":"production","inlineSegmentConstraints":true},
     "meta":{"revisionId":12,"etag":"\"76d8bb0e:12\"","queryHash":"76d8bb0e"}}
    """#

    static let unleashDelta = #"""
    {"events":[{"eventId":1,"type":"hydration","segments":[],
      "features":[{"name":"new-checkout","enabled":true,"strategies":[{"name":"default","constraints":[],"parameters":{}}],"variants":[]}]},
     {"eventId":2,"type":"feature-removed","featureName":"old","project":"default"}]}
    """#

    static let launchDarkly = #"""
    {"flags":{"f":{"key":"f","version":4,"on":true,"variations":[true,false],"offVariation":1,
      "fallthrough":{"variation":0},"targets":[{"values":["u-1"],"variation":1}],"contextTargets":[],"rules":[],
      "prerequisites":[],"salt":"f0a1","trackEvents":false,"trackEventsFallthrough":false,"deleted":false,
      "clientSideAvailability":{"usingMobileKey":false,"usingEnvironmentId":false}}},
     "segments":{}}
    """#

    static let launchDarklyPut = #"""
    {"path":"/","data":{"flags":{},"segments":{"beta":{"key":"beta","version":1,"included":["u-1"],"excluded":[],
      "rules":[],"salt":"s","deleted":false}}}}
    """#

    static let launchDarklyPutWithoutPath = #"""
    {"data":{"flags":{"g":{"key":"g","on":false,"variations":["a","b"],"offVariation":0,"fallthrough":{"variation":1}}},"segments":{}}}
    """#

    static let flagd = #"""
    {"flags":{"f":{"state":"ENABLED","variants":{"on":true},"defaultVariant":"on"}}}
    """#

    static let flagdWithTargeting = #"""
    {"$schema":"https://flagd.dev/schema/v0/flags.json",
     "flags":{"color":{"state":"ENABLED","variants":{"red":"#f00","blue":"#00f"},"defaultVariant":"red",
       "targeting":{"if":[{"$ref":"is-staff"},"blue",null]}}},
     "$evaluators":{"is-staff":{"ends_with":[{"var":"email"},"@example.com"]}},
     "metadata":{"flagSetId":"web"}}
    """#

    static let split = #"""
    {"ff":{"d":[{"name":"checkout","trafficTypeName":"user","changeNumber":5,"status":"ACTIVE","killed":false,
      "defaultTreatment":"off","seed":-1222652054,"trafficAllocation":100,"trafficAllocationSeed":1,"algo":2,
      "configurations":{"on":"{\"color\":\"red\"}"},
      "conditions":[{"conditionType":"ROLLOUT","label":"in segment beta","matcherGroup":{"combiner":"AND",
        "matchers":[{"keySelector":{"trafficType":"user","attribute":null},"matcherType":"IN_SEGMENT","negate":false,
          "userDefinedSegmentMatcherData":{"segmentName":"beta"}}]},"partitions":[{"treatment":"on","size":100}]}]}],
      "s":-1,"t":5},
     "rbs":{"d":[],"s":-1,"t":-1},
     "segments":{"beta":["alice"]}}
    """#

    static let splitSpec11 = #"""
    {"splits":[],"since":-1,"till":-1}
    """#

    static let kameleoon = #"""
    {"configuration":{"realTimeUpdate":false,"consentType":"NOT_REQUIRED","consentOptOutBehavior":"PARTIALLY_BLOCK"},
     "customData":[{"id":701,"index":1,"name":"plan","localOnly":false,"scope":"VISITOR","isMappingIdentifier":false}],
     "segments":[{"id":1,"conditionsData":{"firstLevelOrOperators":[],"firstLevel":[{"orOperators":[],
       "conditions":[{"targetingType":"CUSTOM_DATUM","isInclude":true,"customDataIndex":"1","valueMatchType":"EXACT","value":"pro"}]}]}}],
     "featureFlags":[{"id":4000,"featureKey":"checkout","defaultVariationKey":"off","environmentEnabled":true,
       "variations":[{"key":"off","name":"Off","variables":[]},{"key":"on","name":"On","variables":[{"key":"color","type":"STRING","value":"red"}]}],
       "rules":[{"id":4001,"order":1,"type":"TARGETED_DELIVERY","exposition":1,"experimentId":4002,"segmentId":1,
         "variationByExposition":[{"variationKey":"on","variationId":4003,"exposition":1}]}]}],
     "dateModified":1767225600000}
    """#

    static let datadog = #"""
    {"data":{"type":"universal-flag-configuration","id":"1","attributes":{"createdAt":"2025-01-01T00:00:00Z","format":"SERVER",
     "environment":{"name":"prod"},"flags":{"new-checkout":{"key":"new-checkout","enabled":true,"variationType":"BOOLEAN",
     "variations":{"on":{"key":"on","value":true},"off":{"key":"off","value":false}},
     "allocations":[{"key":"beta","rules":[{"conditions":[{"attribute":"country","operator":"ONE_OF","value":["FR"]}]}],
                     "splits":[{"variationKey":"on","shards":[]}],"doLog":true},
                    {"key":"rollout","splits":[{"variationKey":"on","shards":[{"salt":"s","totalShards":10000,"ranges":[{"start":0,"end":5000}]}]},
                                               {"variationKey":"off","shards":[]}]}]}}}}}
    """#

    static let eppo = #"""
    {"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},
     "flags":{"new-checkout":{"key":"new-checkout","enabled":true,"variationType":"JSON","totalShards":10000,
     "variations":{"a":{"key":"a","value":"{\"color\":\"red\"}"},"b":{"key":"b","value":"{}"}},
     "allocations":[{"key":"rollout","splits":[{"variationKey":"a","shards":[{"salt":"s","ranges":[{"start":0,"end":5000}]}],
                     "extraLogging":{"team":"web"}},{"variationKey":"b","shards":[]}],"doLog":true}]}}}
    """#

    static let flagdOnlyEvaluators = #"""
    {"flags":{},"$evaluators":{"is-staff":{"==":[1,1]}}}
    """#

    static func json(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }
}

@Suite("definitions formats and their detection")
struct DefinitionsFormatTests {
    @Test("each format is detected from a realistic document", arguments: [
        ("native", FormatDocuments.native, DefinitionsFormat.native),
        ("unleash", FormatDocuments.unleash, .unleash),
        ("unleash delta", FormatDocuments.unleashDelta, .unleash),
        ("launchdarkly", FormatDocuments.launchDarkly, .launchDarkly),
        ("launchdarkly put", FormatDocuments.launchDarklyPut, .launchDarkly),
        ("launchdarkly put without path", FormatDocuments.launchDarklyPutWithoutPath, .launchDarkly),
        ("flagd", FormatDocuments.flagd, .flagd),
        ("flagd with targeting", FormatDocuments.flagdWithTargeting, .flagd),
        ("flagd with evaluators only", FormatDocuments.flagdOnlyEvaluators, .flagd),
        ("split", FormatDocuments.split, .split),
        ("split spec 1.1", FormatDocuments.splitSpec11, .split),
        ("kameleoon", FormatDocuments.kameleoon, .kameleoon),
        ("datadog", FormatDocuments.datadog, .datadog),
        ("datadog without the envelope", FormatDocuments.eppo, .datadog),
    ])
    func detects(_ name: String, _ text: String, _ expected: DefinitionsFormat) throws {
        #expect(try DefinitionsFormat.detect(in: FormatDocuments.json(text)) == expected, "\(name)")
    }

    @Test("an unsure document is an error that names its candidates, never a guess", arguments: [
        ("{}", [DefinitionsFormat.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon, .datadog, .eppo], "none of the markers"),
        (#"{"version":2,"segments":[]}"#, [.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon, .datadog, .eppo], "none of the markers"),
        (#"{"flags":{}}"#, [.launchDarkly, .flagd, .datadog], #"the "flags" object is empty"#),
        (#"{"flags":{},"segments":{}}"#, [.launchDarkly, .flagd, .datadog], #"the "flags" object is empty"#),
        (#"{"flags":{"f":{"enabled":true,"variations":[{"key":"on","value":true}]}}}"#, [.native, .launchDarkly, .flagd, .datadog],
         #"no flag in "flags" has the shape of a known format"#),
        (#"{"flags":[1]}"#, [.native, .launchDarkly, .flagd, .datadog], #"no flag in "flags" has the shape of a known format"#),
        (#"{"formatVersion":1,"features":[]}"#, [.native, .unleash], #""formatVersion" (native Burgee), "features" (Unleash)"#),
        (#"{"flags":{"a":{"on":true,"variations":[1]},"b":{"state":"ENABLED","variants":{"x":1}}}}"#, [.launchDarkly, .flagd],
         #""flags" whose flags have "on" ("a") (LaunchDarkly), "flags" whose flags have "state" or "variants" ("b") (flagd)"#),
        (#"{"formatVersion":1,"flags":{"f":{"state":"ENABLED","variants":{"on":true}}}}"#, [.native, .flagd], "more than one format"),
        ("[]", [.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon, .datadog, .eppo], "the top level is array, not an object"),
        ("42", [.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon, .datadog, .eppo], "the top level is number, not an object"),
        (#""flags""#, [.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon, .datadog, .eppo], "the top level is string, not an object"),
    ])
    func unsure(_ text: String, _ candidates: [DefinitionsFormat], _ message: String) throws {
        let document = try FormatDocuments.json(text)
        #expect {
            _ = try DefinitionsFormat.detect(in: document)
        } throws: { error in
            guard let error = error as? FormatDetectionError else { return false }
            return error.candidates == candidates && error.message.contains(message)
        }
    }

    @Test("the error's description names the candidates by their command-line spellings")
    func errorDescription() throws {
        let error = FormatDetectionError(candidates: [.flagd, .launchDarkly], message: "the \"flags\" object is empty")
        #expect(error.candidates == [.launchDarkly, .flagd])
        #expect(error.description == #"cannot tell the definitions format: the "flags" object is empty; it could be launchdarkly or flagd"#)
        let all = FormatDetectionError(candidates: DefinitionsFormat.allCases, message: "m")
        #expect(all.description.hasSuffix("it could be native, unleash, launchdarkly, flagd, split, kameleoon, datadog or eppo"))
    }

    @Test("the command-line spellings name the formats, in any letter case", arguments: [
        ("native", DefinitionsFormat.native), ("unleash", .unleash), ("launchdarkly", .launchDarkly), ("flagd", .flagd),
        ("split", .split), ("Split", .split), ("kameleoon", .kameleoon), ("Kameleoon", .kameleoon),
        ("datadog", .datadog), ("Datadog", .datadog), ("eppo", .eppo), ("EPPO", .eppo),
        ("NATIVE", .native), ("Unleash", .unleash), ("LaunchDarkly", .launchDarkly), ("FlagD", .flagd),
    ])
    func spellings(_ argument: String, _ format: DefinitionsFormat) {
        #expect(DefinitionsFormat(argument: argument) == format)
        #expect(DefinitionsFormat(argument: format.name) == format)
    }

    @Test("anything else is not a format", arguments: ["", "auto", "launch-darkly", "launchDarkly ", "json", "openfeature"])
    func notSpellings(_ argument: String) {
        #expect(DefinitionsFormat(argument: argument) == nil)
    }

    @Test("the names are the command-line spellings, in a fixed order")
    func names() {
        #expect(DefinitionsFormat.allCases.map(\.name) == ["native", "unleash", "launchdarkly", "flagd", "split", "kameleoon", "datadog", "eppo"])
    }

    /// The docs cannot drift from the registry: every `--format a|b|…|auto` list in README.md and
    /// docs/ names each registered format, in registry order, and "knows N definitions formats"
    /// counts them.
    @Test("the docs' lists of formats are the registry's")
    func docsListEveryFormat() throws {
        let pages = try Self.docsPages()
        let expected = DefinitionsFormat.allCases.map(\.name) + ["auto"]
        let numbers = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        var lists = 0
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for line in text.split(separator: "\n") {
                var rest = line[...]
                while let range = rest.range(of: "--format ") {
                    let list = rest[range.upperBound...].prefix { $0.isLetter || $0 == "|" }
                    rest = rest[range.upperBound...]
                    // A list ending in `auto` is the whole choice; `datadog|eppo` names a few.
                    guard list.contains("|"), list.hasSuffix("|auto") else { continue }
                    lists += 1
                    #expect(list.split(separator: "|").map(String.init) == expected, "\(page.lastPathComponent): --format \(list)")
                }
                if let range = line.range(of: " definitions formats"), let knows = line[..<range.lowerBound].split(separator: " ").last {
                    #expect(String(knows) == numbers[DefinitionsFormat.allCases.count],
                            "\(page.lastPathComponent): \"\(knows) definitions formats\"")
                }
            }
        }
        #expect(lists >= 2, "\(lists) lists of formats")
    }

    /// Every format's page shows a whole document (a ```json block after a
    /// `<!-- complete document: FORMAT -->` line): it loads without a problem, holds flags, and
    /// is detected as its format (Eppo's, never detected, aside).
    @Test("each format's complete document in the docs loads")
    func docsCompleteDocuments() throws {
        let marker = "<!-- complete document: "
        var seen: Set<String> = []
        for page in try Self.docsPages() {
            let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.hasPrefix(marker) {
                let name = String(line.dropFirst(marker.count).prefix { $0 != " " })
                let format = try #require(DefinitionsFormat(argument: name), "\(page.lastPathComponent): \(name)")
                guard i + 1 < lines.count, lines[i + 1] == "```json",
                      let end = lines[(i + 2)...].firstIndex(of: "```") else {
                    Issue.record("\(page.lastPathComponent): no ```json block after \(line)")
                    continue
                }
                let bytes = Array(lines[(i + 2)..<end].joined(separator: "\n").utf8)
                let snapshot = try Snapshot(jsonBytes: bytes, format: format)
                #expect(snapshot.problems.isEmpty, "\(page.lastPathComponent), \(name): \(snapshot.problems)")
                #expect(snapshot.flagCount >= 2, "\(page.lastPathComponent), \(name)")
                if format != .eppo {
                    #expect(try DefinitionsFormat.detect(in: try JSONValue(parsing: bytes)) == format, "\(name)")
                }
                seen.insert(name)
            }
        }
        #expect(seen == Set(DefinitionsFormat.allCases.map(\.name)))
    }

    /// README.md and the pages of docs/.
    private static func docsPages() throws -> [URL] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = root.appendingPathComponent("docs")
        return [root.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted()
                .map { docs.appendingPathComponent($0) }
    }

    @Test("every spec-fixtures document is detected as native")
    func specFixturesAreNative() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec-fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }.sorted()
        var checked = 0
        for name in names {
            let data = try Data(contentsOf: root.appendingPathComponent(name))
            // A case without definitions (client-not-ready) has null.
            guard let definitions = try JSONValue(parsing: [UInt8](data)).objectValue?["definitions"],
                  !definitions.isNull else { continue }
            #expect(try DefinitionsFormat.detect(in: definitions) == .native, "\(name)")
            checked += 1
        }
        #expect(checked >= 22, "\(checked) documents")
    }
}
