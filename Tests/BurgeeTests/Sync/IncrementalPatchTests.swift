import Testing
@testable import Burgee
import BurgeeCore

/// A patched item is lowered alone and linked with the drafts kept from before: the snapshot must
/// be the one a whole compile of the patched document makes, and the changes reported for it the
/// ones a comparison of every item finds. Random patches over items that use each other
/// (segments in segments, prerequisites, variations that disappear, malformed items, cycles).
@Suite struct IncrementalPatchTests {
    /// Flag bodies a patch picks from: segment users, prerequisites (to variations that exist or
    /// not), a cycle-prone prerequisite, a malformed flag, flag sets.
    static let flagBodies: [String] = [
        #"{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"off","fallthrough":{"variation":"on"}}"#,
        #"{"enabled":true,"type":"boolean","sets":["web"],"variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"off","rules":[{"id":"r","clauses":[{"op":"segmentMatch","values":["s0"]}],"variation":"on"}],"fallthrough":{"variation":"off"}}"#,
        #"{"enabled":true,"type":"string","variations":[{"key":"a","value":"A"},{"key":"b","value":"B"}],"offVariation":"a","prerequisites":[{"flag":"f0","variation":"on"}],"fallthrough":{"rollout":{"variations":[{"variation":"a","weight":50000},{"variation":"b","weight":50000}]}}}"#,
        #"{"enabled":true,"type":"boolean","sets":["api"],"variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"off","prerequisites":[{"flag":"f2","variation":"b"}],"rules":[{"id":"s","clauses":[{"op":"segmentMatch","values":["s1","s2"]}],"variation":"off"}],"fallthrough":{"variation":"on"}}"#,
        #"{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"off","prerequisites":[{"flag":"f1","variation":"on"}],"fallthrough":{"variation":"on"}}"#,
        #"{"enabled":true,"type":"boolean","variations":[{"key":"no","value":false}],"fallthrough":{"variation":"missing"}}"#,
        #"{"enabled":false,"type":"number","variations":[{"key":"one","value":1},{"key":"two","value":2}],"offVariation":"two","rules":[{"id":"c","clauses":[{"attribute":"country","op":"in","values":["FR"]}],"variation":"one"}],"fallthrough":{"variation":"one"}}"#,
    ]

    static let segmentBodies: [String] = [
        #"{"included":["u-1","u-2"],"rules":[{"clauses":[{"attribute":"country","op":"in","values":["FR"]}]}]}"#,
        #"{"excluded":["u-1"],"rules":[{"clauses":[{"op":"segmentMatch","values":["s0"]}]}]}"#,
        #"{"rules":[{"clauses":[{"op":"segmentMatch","values":["s1"]}]}]}"#,
        #"{"rules":[{"clauses":[],"rollout":{"weight":50000}}]}"#,
        #"{"included":"not a list"}"#,
    ]

    /// LaunchDarkly's: prerequisites, segment rules, a rollout, a malformed flag, tombstones.
    static let launchDarklyFlagBodies: [String] = [
        #"{"on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1}}"#,
        #"{"on":true,"variations":[false,true],"offVariation":0,"rules":[{"id":"r","clauses":[{"attribute":"","op":"segmentMatch","values":["s0"]}],"variation":1}],"fallthrough":{"variation":0}}"#,
        #"{"on":true,"salt":"x","variations":["A","B"],"offVariation":0,"prerequisites":[{"key":"f0","variation":1}],"fallthrough":{"rollout":{"variations":[{"variation":0,"weight":50000},{"variation":1,"weight":50000}]}}}"#,
        #"{"on":true,"variations":[false,true],"offVariation":0,"prerequisites":[{"key":"f2","variation":1}],"rules":[{"id":"s","clauses":[{"attribute":"","op":"segmentMatch","values":["s1","s2"]}],"variation":0}],"fallthrough":{"variation":1}}"#,
        #"{"on":true,"variations":[false,true],"offVariation":0,"prerequisites":[{"key":"f1","variation":1}],"fallthrough":{"variation":1}}"#,
        #"{"on":true,"variations":[false],"fallthrough":{"variation":4}}"#,
        #"{"on":false,"variations":[1,2],"offVariation":1,"rules":[{"clauses":[{"attribute":"country","op":"in","values":["FR"]}],"variation":0}],"fallthrough":{"variation":0}}"#,
        #"{"deleted":true}"#,
    ]

    static let launchDarklySegmentBodies: [String] = [
        #"{"included":["u-1","u-2"],"rules":[{"clauses":[{"attribute":"country","op":"in","values":["FR"]}]}]}"#,
        #"{"excluded":["u-1"],"rules":[{"clauses":[{"attribute":"","op":"segmentMatch","values":["s0"]}]}]}"#,
        #"{"rules":[{"clauses":[{"attribute":"","op":"segmentMatch","values":["s1"]}]}]}"#,
        #"{"salt":"s","rules":[{"clauses":[],"weight":50000}]}"#,
        #"{"included":"not a list"}"#,
        #"{"deleted":true}"#,
    ]

    /// Unleash's: segments written into strategies, dependencies (a parent's variants, a parent
    /// whose `flexibleRollout` has no `groupId` and is repeated in its child's rules, a parent with
    /// dependencies of its own), variants, a refused constraint, a malformed feature.
    static let unleashFlagBodies: [String] = [
        #"{"enabled":true,"strategies":[{"name":"default"}],"variants":[{"name":"blue","weight":500,"stickiness":"default"},{"name":"red","weight":500,"stickiness":"default"}]}"#,
        #"{"enabled":true,"strategies":[{"name":"flexibleRollout","parameters":{"rollout":"50","stickiness":"default"},"segments":[1]}]}"#,
        #"{"enabled":true,"strategies":[{"name":"default","segments":[2,3]}],"dependencies":[{"feature":"f0","variants":["blue"]}]}"#,
        #"{"enabled":true,"strategies":[{"name":"default","constraints":[{"contextName":"country","operator":"IN","values":["FR"]}]}],"dependencies":[{"feature":"f1"},{"feature":"f2","enabled":false}]}"#,
        #"{"enabled":false,"strategies":[{"name":"default"}],"dependencies":[{"feature":"f3"}]}"#,
        #"{"enabled":true,"strategies":"not a list"}"#,
        #"{"enabled":true,"strategies":[{"name":"default","constraints":[{"contextName":"country","operator":"NO_SUCH_OP","values":["FR"]}]}]}"#,
    ]

    static let unleashSegmentBodies: [String] = [
        #"{"id":1,"constraints":[{"contextName":"country","operator":"IN","values":["FR"]}]}"#,
        #"{"id":2,"constraints":[{"contextName":"userId","operator":"IN","values":["u-1","u-2"]}]}"#,
        #"{"id":3,"constraints":[]}"#,
        #"{"id":1,"constraints":"not a list"}"#,
    ]

    /// flagd's: static, an `if` chain through a shared `$evaluators` entry, `fractional`, flag
    /// metadata over the document's, a disabled flag whose targeting cannot compile, a malformed
    /// flag, a `$ref` to nothing. flagd has no segments.
    static let flagdFlagBodies: [String] = [
        #"{"state":"ENABLED","variants":{"on":true,"off":false},"defaultVariant":"on"}"#,
        #"{"state":"ENABLED","variants":{"on":true,"off":false},"defaultVariant":"off","targeting":{"if":[{"$ref":"isFR"},"on","off"]}}"#,
        #"{"state":"ENABLED","variants":{"a":"A","b":"B"},"defaultVariant":"a","targeting":{"fractional":[{"var":"targetingKey"},["a",50],["b",50]]}}"#,
        #"{"state":"ENABLED","variants":{"one":1,"two":2},"defaultVariant":"one","metadata":{"team":"checkout"},"targeting":{"if":[{"in":[{"var":"country"},["DE","IT"]]},"two",null]}}"#,
        #"{"state":"DISABLED","variants":{"on":true},"defaultVariant":"on","targeting":{"no_such_op":[1]}}"#,
        #"{"state":"ENABLED","variants":"not an object"}"#,
        #"{"state":"ENABLED","variants":{"on":true,"off":false},"defaultVariant":"on","targeting":{"if":[{"$ref":"missing"},"off","on"]}}"#,
    ]

    /// What a flagd document's flags share: its `$evaluators`, `metadata` and `$schema`.
    static let flagdShared: [String: JSONValue] = [
        "$schema": "https://flagd.dev/schema/v0/flags.json",
        "$evaluators": ["isFR": ["==": [["var": "country"], "FR"]]],
        "metadata": ["team": "web", "tier": 1],
    ]

    static let flagKeys = ["f0", "f1", "f2", "f3", "f4"]
    static let segmentKeys = ["s0", "s1", "s2"]

    static let contexts: [Context] = ["u-1", "u-2", "u-3", "u-4", "u-5", "u-6"].enumerated().map { i, key in
        Context(json: ["kind": "user", "key": .string(key), "country": i.isMultiple(of: 2) ? "FR" : "DE"])
    }

    /// One format's items to patch with.
    struct Items: Sendable, CustomTestStringConvertible {
        var format: DefinitionsFormat
        var flagBodies: [String]
        var segmentBodies: [String]
        var segmentKeys = IncrementalPatchTests.segmentKeys
        var testDescription: String { format.name }

        static let native = Items(format: .native, flagBodies: IncrementalPatchTests.flagBodies, segmentBodies: IncrementalPatchTests.segmentBodies)
        static let launchDarkly = Items(format: .launchDarkly, flagBodies: IncrementalPatchTests.launchDarklyFlagBodies,
                                        segmentBodies: IncrementalPatchTests.launchDarklySegmentBodies)
        static let unleash = Items(format: .unleash, flagBodies: IncrementalPatchTests.unleashFlagBodies,
                                   segmentBodies: IncrementalPatchTests.unleashSegmentBodies, segmentKeys: ["1", "2", "3"])
        static let flagd = Items(format: .flagd, flagBodies: IncrementalPatchTests.flagdFlagBodies, segmentBodies: [], segmentKeys: [])

        var contexts: [Context] {
            ["u-1", "u-2", "u-3", "u-4", "u-5", "u-6"].enumerated().map { i, key in
                let country: JSONValue = i.isMultiple(of: 2) ? "FR" : "DE"
                switch format {
                case .native: return IncrementalPatchTests.contexts[i]
                case .unleash: return Context(unleashJSON: ["userId": .string(key), "properties": ["country": country]])
                case .flagd: return Context(flagdJSON: ["targetingKey": .string(key), "country": country])
                default: return Context(launchDarklyJSON: ["key": .string(key), "country": country])
                }
            }
        }

        /// Body `index` as item `key`: Unleash's items carry their name or id.
        func body(_ index: Int, segment: Bool, key: String) throws -> JSONValue {
            let json = try JSONValue(parsing: (segment ? segmentBodies : flagBodies)[index])
            guard format == .unleash, case .object(var members) = json else { return json }
            if segment { members["id"] = .number(Double(key)!) } else { members["name"] = .string(key) }
            return .object(members)
        }
    }

    /// A random but repeatable generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    func document(_ items: Items = .native) throws -> JSONValue {
        var flags: [String: JSONValue] = [:]
        for (i, key) in Self.flagKeys.enumerated() { flags[key] = try items.body(i % 5, segment: false, key: key) }
        var segments: [String: JSONValue] = [:]
        for (i, key) in items.segmentKeys.enumerated() { segments[key] = try items.body(i, segment: true, key: key) }
        if items.format == .unleash {
            return ["version": 2, "features": .array(Self.flagKeys.map { flags[$0]! }),
                    "segments": .array(items.segmentKeys.map { segments[$0]! })]
        }
        if items.format == .launchDarkly { return ["flags": .object(flags), "segments": .object(segments)] }
        if items.format == .flagd { return .object(Self.flagdShared.merging(["flags": .object(flags)]) { $1 }) }
        return ["formatVersion": 1, "version": 1, "flags": .object(flags), "segments": .object(segments)]
    }

    /// The same in both snapshots: keys, problems, and every flag's detail for every context.
    func expectSame(_ patched: Snapshot, _ whole: Snapshot, _ step: String, contexts: [Context] = contexts,
                    segmentKeys: [String] = segmentKeys) {
        #expect(patched.flagKeys == whole.flagKeys, "\(step)")
        #expect(patched.segmentKeys == whole.segmentKeys, "\(step)")
        #expect(patched.problems.map(\.description) == whole.problems.map(\.description), "\(step)")
        #expect(patched.source.flagKeys == whole.source.flagKeys && patched.source.segmentKeys == whole.source.segmentKeys, "\(step)")
        for key in Self.flagKeys { #expect(patched.source.sameFlag(key, as: whole.source), "\(step): \(key)") }
        for key in segmentKeys { #expect(patched.source.sameSegment(key, as: whole.source), "\(step): \(key)") }
        for key in Self.flagKeys {
            for context in contexts {
                let a = patched.evaluate(key, context: context), b = whole.evaluate(key, context: context)
                #expect(a.value == b.value && a.variationIndex == b.variationIndex && a.reason == b.reason, "\(step): \(key)")
            }
        }
    }

    @Test(arguments: [(Items.native, nil), (.native, ["web"]), (.launchDarkly, nil), (.unleash, nil), (.flagd, nil)] as [(Items, Set<String>?)])
    func patchedSnapshotsAreThoseOfAWholeCompile(items: Items, flagSets: Set<String>?) throws {
        var held = try CurrentDefinitions(json: document(items), format: items.format)
        var previous = held.compile(flagSets: flagSets, options: CompileOptions())
        var random = Random(state: 2026)
        var inPlace = 0
        var table = FlagEventTable(snapshot: previous)
        for step in 1...300 {
            let segment = random.next(4) == 0 && !items.segmentKeys.isEmpty
            let keys = segment ? items.segmentKeys : Self.flagKeys
            let key = keys[random.next(keys.count)]
            let bodies = segment ? items.segmentBodies : items.flagBodies
            let pick = random.next(bodies.count + 1)
            let operation: DefinitionsPatch.Operation = pick == bodies.count ? .delete : .upsert(try items.body(pick, segment: segment, key: key))
            let patch = DefinitionsPatch(kind: segment ? .segment : .flag, key: key, version: Int64(step + 1), operation: operation)
            let applied = held.apply(patch)
            #expect(applied)

            let patched = held.compile(flagSets: flagSets, options: CompileOptions())
            let whole = Snapshot(compiling: held.definitions, flagSets: flagSets)
            let description = "step \(step): \(patch.kind) \(key) \(pick == bodies.count ? "deleted" : "body \(pick)")"
            expectSame(patched, whole, description, contexts: items.contexts, segmentKeys: items.segmentKeys)
            if patched.recordsAddedByPatches > previous.recordsAddedByPatches { inPlace += 1 }

            let touched = segment ? ([String](), [key]) : ([key], [String]())
            let hinted = ChangeDetector.changes(from: previous, to: patched, touched: flagSets == nil ? touched : nil)
            let compared = ChangeDetector.changes(from: previous, to: whole)
            #expect(hinted.flags == compared.flags, "\(description)")
            #expect(hinted.segments == compared.segments, "\(description)")
            // The event table kept from the last one, reading the changed flags again, is the one read whole.
            table = FlagEventTable(snapshot: patched, previous: table, changed: hinted.flags)
            let read = FlagEventTable(snapshot: patched)
            #expect(table.flags == read.flags && table.keys == read.keys, "\(description)")
            #expect(table.variationKeys == read.variationKeys && table.trackedRules == read.trackedRules, "\(description)")
            previous = patched
        }
        // Flags laid out again in place (the others linked whole), unless a selection hides flags.
        if flagSets == nil { #expect(inPlace > 20, "\(inPlace) patches laid out in place") } else { #expect(inPlace == 0) }
    }

    @Test func aWholeDocumentAfterPatchesIsCompiledWhole() throws {
        var held = try CurrentDefinitions(json: document(), format: .native)
        let added = held.apply(DefinitionsPatch(kind: .flag, key: "f9", version: 1, operation: .upsert(try JSONValue(parsing: Self.flagBodies[0]))))
        #expect(added)
        #expect(held.compile(flagSets: nil, options: CompileOptions()).flagKeys.contains("f9"))
        // A whole document replaces the definitions and the drafts kept for patching with them.
        held = try CurrentDefinitions(json: document(), format: .native)
        #expect(!held.compile(flagSets: nil, options: CompileOptions()).flagKeys.contains("f9"))
        let deleted = held.apply(DefinitionsPatch(kind: .flag, key: "f0", version: 9, operation: .delete))
        #expect(deleted)
        #expect(held.compile(flagSets: nil, options: CompileOptions()).flagKeys == ["f1", "f2", "f3", "f4"])
    }
}
