import BurgeeCore
import Testing
@testable import Burgee

/// YAML read into JSON by YAML 1.2's core schema, and every way a YAML file can be refused.
@Suite("YAML definitions")
struct YAMLDefinitionsTests {
    static func json(_ yaml: String, limits: JSONLimits = .default) throws -> JSONValue {
        try YAMLDefinitions.json(from: Array(yaml.utf8), limits: limits)
    }

    static func parse(_ json: String) throws -> JSONValue {
        try JSONParser().parse(Array(json.utf8))
    }

    static func refusal(_ yaml: String, limits: JSONLimits = .default) -> String? {
        do {
            _ = try json(yaml, limits: limits)
            return nil
        } catch {
            guard case DefinitionsError.invalidYAML(let why)? = error as? DefinitionsError else { return "unexpected \(error)" }
            return why
        }
    }

    @Test("scalars by the core schema: on, yes and off stay strings; quoted scalars are strings")
    func coreSchema() throws {
        let value = try Self.json("""
            variants:
              on: true
              off: False
              yes: yes
              no: ~
            numbers: [1, -2, +3, 1.5, 2e3, 0x1F, 0o17, -.5]
            texts: ["true", '1', 1.2.3, 1_000, .inf-ish, v1]
            empty:
            multi: |
              two
              lines
            """)
        let expected = try Self.parse(#"""
            {"variants": {"on": true, "off": false, "yes": "yes", "no": null},
             "numbers": [1, -2, 3, 1.5, 2000, 31, 15, -0.5],
             "texts": ["true", "1", "1.2.3", "1_000", ".inf-ish", "v1"],
             "empty": null, "multi": "two\nlines"}
            """#)
        #expect(value == expected)
    }

    @Test("anchors, aliases and merge keys expand; explicit keys win over merged ones")
    func aliasesAndMerges() throws {
        let value = try Self.json("""
            base: &base {state: ENABLED, defaultVariant: "on"}
            flags:
              a: *base
              b:
                <<: *base
                defaultVariant: "off"
            """)
        let expected = try Self.parse(#"""
            {"base": {"state": "ENABLED", "defaultVariant": "on"},
             "flags": {"a": {"state": "ENABLED", "defaultVariant": "on"},
                       "b": {"state": "ENABLED", "defaultVariant": "off"}}}
            """#)
        #expect(value == expected)
    }

    @Test("refused: not YAML, empty, two documents, duplicate keys, non-text keys, infinities, bad merges")
    func refusals() {
        #expect(Self.refusal("a: [1, 2")?.contains("while parsing a flow sequence") == true)
        #expect(Self.refusal("") == "the document is empty")
        #expect(Self.refusal("a: 1\n---\nb: 2\n") == "the text holds more than one YAML document")
        #expect(Self.refusal("a: 1\na: 2\n")?.contains("duplicated key(s): 'a'") == true)
        #expect(Self.refusal("? [1, 2]\n: x\n")?.contains("a mapping key is a sequence") == true)
        #expect(Self.refusal("n: .inf\n")?.contains(".inf is not a number JSON can hold") == true)
        #expect(Self.refusal("n: -.INF\n") != nil)
        #expect(Self.refusal("n: .nan\n") != nil)
        #expect(Self.refusal("a: &x 1\nb:\n  <<: *x\n")?.contains("names a scalar, not a mapping") == true)
        #expect(Self.refusal("a: *nowhere\n") != nil)
    }

    @Test("an alias bomb stops at the JSON byte limit; depth and size limits hold")
    func limits() {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            bomb += "a\(level): &a\(level) [\(items)]\n"
        }
        #expect(Self.refusal(bomb)?.contains("expands (through its aliases)") == true)
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(Self.refusal(deep, limits: JSONLimits(maxDepth: 64))?.contains("deeper than 64") == true)
        #expect(Self.refusal("a: 1234567890\n", limits: JSONLimits(maxBytes: 8))?.contains("more than the limit of 8") == true)
    }

    @Test("a .yaml file: read, evaluated, and a broken change keeps the last good definitions")
    func fileSource() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            let path = directory + "/flags.yaml"
            try TestFiles.write(Self.document(serving: "on"), to: path)
            let client = try BurgeeClient(configuration: .init(
                source: .file(path, watch: true, interval: .milliseconds(20)), logger: TestClients.quietLogger))
            let events = client.events()
            client.start()
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            #expect(client.boolVariation("yaml-flag", context: Context(key: "u-1"), default: false))

            try TestFiles.write("formatVersion: 1\nflags: [unclosed\n", to: path)
            let failed = await TestFiles.nextStatus(events, .interrupted)
            #expect(failed?.lastError?.message.contains("not valid YAML") == true)
            #expect(client.boolVariation("yaml-flag", context: Context(key: "u-1"), default: false))

            try TestFiles.write(Self.document(serving: "off"), to: path)
            _ = await TestFiles.nextEvent(events, where: { if case .updated = $0 { true } else { false } })
            #expect(!client.boolVariation("yaml-flag", context: Context(key: "u-1"), default: true))
            await client.close()
        }
    }

    static func document(serving variation: String) -> String {
        """
        formatVersion: 1
        version: 1
        flags:
          yaml-flag:
            version: 1
            enabled: true
            type: boolean
            variations:
              - {key: "on", value: true}
              - {key: "off", value: false}
            offVariation: "off"
            fallthrough: {variation: "\(variation)"}
        segments: {}
        """
    }
}
