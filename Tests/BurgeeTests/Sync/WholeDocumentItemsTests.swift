import Testing
@testable import Burgee
import BurgeeCore

/// A whole document of the format and shape held, changing few items, replaces only those items
/// (`CurrentDefinitions.replaceItems(withWhole:format:)`): the snapshot must be the one a whole
/// read and compile of the document makes, and the keys reported exactly the items that differ.
@Suite struct WholeDocumentItemsTests {
    typealias Items = IncrementalPatchTests.Items

    /// A document of `items` in `format`'s shape (LaunchDarkly's: flag data, or a stream `put`).
    static func document(_ items: DocumentItems, format: DefinitionsFormat, version: Int64, put: Bool = false) -> JSONValue {
        let flags = JSONValue.object(items[.flag] ?? [:]), segments = JSONValue.object(items[.segment] ?? [:])
        if format == .launchDarkly {
            return put ? ["path": "/", "data": ["flags": flags, "segments": segments]] : ["flags": flags, "segments": segments]
        }
        if format == .flagd { return .object(IncrementalPatchTests.flagdShared.merging(["flags": flags]) { $1 }) }
        return ["formatVersion": 1, "version": .number(Double(version)), "flags": flags, "segments": segments]
    }

    @Test(arguments: [(Items.native, nil), (.native, ["web"]), (.launchDarkly, nil), (.flagd, nil)] as [(Items, Set<String>?)])
    func fewChangesReplaceOnlyThoseItems(items: Items, flagSets: Set<String>?) throws {
        let patches = IncrementalPatchTests()
        var held = try CurrentDefinitions(json: patches.document(items), format: items.format)
        var previous = held.compile(flagSets: flagSets, options: CompileOptions())
        var current = try #require(held.definitions.items)
        var random = IncrementalPatchTests.Random(state: 2027)
        var version: Int64 = 1
        var itemwise = 0
        for step in 1...150 {
            // One or two items changed, added or dropped; sometimes none, sometimes a new version only.
            let before = current
            for _ in 0..<random.next(3) {
                let kind: DefinitionItemKind = random.next(4) == 0 && !items.segmentKeys.isEmpty ? .segment : .flag
                let keys = kind == .segment ? IncrementalPatchTests.segmentKeys : IncrementalPatchTests.flagKeys
                let bodies = kind == .segment ? items.segmentBodies : items.flagBodies
                let key = keys[random.next(keys.count)], pick = random.next(bodies.count + 3)
                // A flag switched on or off keeps its shape: it is laid out again in place.
                let onOff = items.format == .native ? "enabled" : "on"
                if pick > bodies.count, kind == .flag, case .object(var flag)? = current[kind]?[key], case .bool(let on)? = flag[onOff] {
                    flag[onOff] = .bool(!on)
                    current[kind]?[key] = .object(flag)
                    continue
                }
                // flagd's: the state switched.
                if pick > bodies.count, kind == .flag, case .object(var flag)? = current[kind]?[key], case .string(let state)? = flag["state"] {
                    flag["state"] = .string(state == "ENABLED" ? "DISABLED" : "ENABLED")
                    current[kind]?[key] = .object(flag)
                    continue
                }
                if pick >= bodies.count {
                    current[kind]?.removeValue(forKey: key)
                } else {
                    current[kind, default: [:]][key] = try JSONValue(parsing: bodies[pick])
                }
            }
            var changed: [DefinitionItemKind: Set<String>] = [:]
            for kind in DefinitionItemKind.allCases {
                let old = before[kind] ?? [:], new = current[kind] ?? [:]
                changed[kind] = Set(Set(old.keys).union(new.keys).filter { old[$0] != new[$0] })
            }
            if random.next(5) == 0 { version += 1 }
            let json = Self.document(current, format: items.format, version: version)
            let description = "step \(step): \(changed)"

            let given = random.next(2) == 0 ? nil : items.format
            let replaced = held.replaceItems(withWhole: json, format: given)
            // More than half of the items changed (few are left): read whole.
            let changes = changed.values.map(\.count).reduce(0, +)
            let count = DefinitionItemKind.allCases.map { max(before[$0]?.count ?? 0, current[$0]?.count ?? 0) }.reduce(0, +)
            guard changes * 2 <= count else {
                #expect(replaced == nil, "\(description)")
                held = try CurrentDefinitions(json: json, format: items.format)
                previous = held.compile(flagSets: flagSets, options: CompileOptions())
                continue
            }
            let keys = try #require(replaced, "\(description)")
            #expect(Set(keys.flags) == changed[.flag] ?? [] && Set(keys.segments) == changed[.segment] ?? [], "\(description)")
            let patched = held.compile(flagSets: flagSets, options: CompileOptions())
            let whole = Snapshot(compiling: try BurgeeCore.Definitions(json: json, format: items.format), flagSets: flagSets)
            patches.expectSame(patched, whole, description, contexts: items.contexts)
            #expect(patched.version == whole.version, "\(description)")
            #expect(held.json == (try CurrentDefinitions(json: json, format: items.format)).json, "\(description): the cache's JSON")
            if patched.recordsAddedByPatches > previous.recordsAddedByPatches { itemwise += 1 }

            let hinted = ChangeDetector.changes(from: previous, to: patched, touched: flagSets == nil ? keys : nil)
            let compared = ChangeDetector.changes(from: previous, to: whole)
            #expect(hinted.flags == compared.flags && hinted.segments == compared.segments, "\(description)")
            previous = patched
        }
        if flagSets == nil { #expect(itemwise > 5, "\(itemwise) documents laid out in place") }
    }

    @Test func theSameDocumentAgainChangesNoItem() throws {
        var held = try CurrentDefinitions(json: IncrementalPatchTests().document(), format: .native)
        let json = Self.document(try #require(held.definitions.items), format: .native, version: 1)
        let again = held.replaceItems(withWhole: json, format: nil)
        let keys = try #require(again)
        #expect(keys.flags.isEmpty && keys.segments.isEmpty)
        let newVersion = Self.document(try #require(held.definitions.items), format: .native, version: 7)
        let versioned = held.replaceItems(withWhole: newVersion, format: .native)
        let bumped = try #require(versioned)
        #expect(bumped.flags.isEmpty && bumped.segments.isEmpty)
        #expect(held.compile(flagSets: nil, options: CompileOptions()).version == 7, "a new version alone is taken")
    }

    @Test func documentsOfAnotherShapeOrFormatAreReadWhole() throws {
        let patches = IncrementalPatchTests()
        var native = try CurrentDefinitions(json: patches.document(), format: .native)
        let items = try #require(native.definitions.items)
        let flags = JSONValue.object(items[.flag] ?? [:])
        func readWhole(_ json: JSONValue, _ format: DefinitionsFormat?, _ why: String) {
            let before = native.json
            let replaced = native.replaceItems(withWhole: json, format: format)
            #expect(replaced == nil, "\(why)")
            #expect(native.json == before, "\(why): nothing changed")
        }
        readWhole(["formatVersion": 1, "version": "2", "flags": flags], nil, "a version that is not an integer")
        readWhole(["formatVersion": 2, "version": 2, "flags": flags], .native, "another format version")
        readWhole(["formatVersion": 1, "version": 2, "flags": [], "segments": [:]], nil, "flags that are not an object")
        readWhole(Self.document(items, format: .launchDarkly, version: 0), nil, "a document of another format")
        readWhole(Self.document(items, format: .native, version: 2), .launchDarkly, "another format given")
        readWhole("not a document", nil, "not an object")
        var most = items
        for key in IncrementalPatchTests.flagKeys { most[.flag]?[key] = try JSONValue(parsing: IncrementalPatchTests.flagBodies[6]) }
        readWhole(Self.document(most, format: .native, version: 2), nil, "more than half of the items changed")

        var launchDarkly = try CurrentDefinitions(json: patches.document(.launchDarkly), format: .launchDarkly)
        let launchDarklyItems = try #require(launchDarkly.definitions.items)
        let put = Self.document(launchDarklyItems, format: .launchDarkly, version: 0, put: true)
        let afterPut = launchDarkly.replaceItems(withWhole: put, format: nil)
        #expect(afterPut == nil, "a put after flag data: problems' paths differ")
        let sameShape = launchDarkly.replaceItems(withWhole: Self.document(launchDarklyItems, format: .launchDarkly, version: 0), format: nil)
        #expect(sameShape != nil)
    }

    /// flagd's flags read what the document shares (`$evaluators` for their `$ref`s, `metadata`):
    /// a document that changes any of it is read whole, one that keeps it replaces its flags.
    @Test func flagdDocumentsWithOtherSharedMembersAreReadWhole() throws {
        let patches = IncrementalPatchTests()
        var held = try CurrentDefinitions(json: patches.document(.flagd), format: .flagd)
        let items = try #require(held.definitions.items)
        let flags = JSONValue.object(items[.flag] ?? [:])
        func readWhole(_ change: (inout [String: JSONValue]) -> Void, _ why: String) {
            var members = IncrementalPatchTests.flagdShared.merging(["flags": flags]) { $1 }
            change(&members)
            let before = held.json
            #expect(held.replaceItems(withWhole: .object(members), format: .flagd) == nil, "\(why)")
            #expect(held.json == before, "\(why): nothing changed")
        }
        readWhole({ $0["$evaluators"] = ["isFR": ["==": [["var": "country"], "DE"]]] }, "an evaluator changed")
        readWhole({ $0["$evaluators"] = nil }, "the evaluators dropped")
        readWhole({ $0["metadata"] = ["team": "api"] }, "the document's metadata changed")
        readWhole({ $0["$schema"] = nil }, "a member dropped")
        readWhole({ $0["flags"] = [] }, "flags that are not an object")
        readWhole({ $0["flags"] = nil }, "no flags")

        var changed = items
        changed[.flag]?["f0"] = try JSONValue(parsing: IncrementalPatchTests.flagdFlagBodies[1])
        let replaced = held.replaceItems(withWhole: Self.document(changed, format: .flagd, version: 0), format: nil)
        #expect(replaced?.flags == ["f0"], "the same shared members: the flag changed is replaced")
        // The cache keeps the shared members with the flags.
        #expect(held.json == Self.document(changed, format: .flagd, version: 0))
    }

    /// Unleash's features document (a poll's) with the features and segments held, in their order,
    /// some of them changed: each changed one takes its place, and its problems name it.
    @Test func unleashPollsWithTheSameFeaturesReplaceOnlyThoseChanged() throws {
        let patches = IncrementalPatchTests()
        let items = IncrementalPatchTests.Items.unleash
        let names = IncrementalPatchTests.flagKeys, ids = items.segmentKeys
        var features = try names.enumerated().map { i, name in try items.body(i % 5, segment: false, key: name) }
        var segments = try ids.enumerated().map { i, id in try items.body(i, segment: true, key: id) }
        func document(version: Int = 2) -> JSONValue { ["version": .number(Double(version)), "features": .array(features), "segments": .array(segments)] }
        var held = try CurrentDefinitions(json: document(), format: .unleash)
        var previous = held.compile(flagSets: nil, options: CompileOptions())
        var random = IncrementalPatchTests.Random(state: 2028)
        var itemwise = 0
        for step in 1...150 {
            var changed: (flags: Set<String>, segments: Set<String>) = ([], [])
            for _ in 0..<random.next(3) {
                if random.next(4) == 0 {
                    let i = random.next(ids.count)
                    let body = try items.body(random.next(items.segmentBodies.count), segment: true, key: ids[i])
                    if body != segments[i] { changed.segments.insert(ids[i]) }
                    segments[i] = body
                } else {
                    let i = random.next(names.count)
                    let body = try items.body(random.next(items.flagBodies.count), segment: false, key: names[i])
                    if body != features[i] { changed.flags.insert(names[i]) }
                    features[i] = body
                }
            }
            let description = "step \(step): \(changed)"
            let json = document()
            let replaced = held.replaceItems(withWhole: json, format: random.next(2) == 0 ? nil : .unleash)
            let changes = changed.flags.count + changed.segments.count
            guard changes * 2 <= names.count + ids.count else {
                #expect(replaced == nil, "\(description)")
                held = try CurrentDefinitions(json: json, format: .unleash)
                previous = held.compile(flagSets: nil, options: CompileOptions())
                continue
            }
            let keys = try #require(replaced, "\(description)")
            #expect(Set(keys.flags) == changed.flags && Set(keys.segments) == changed.segments, "\(description)")
            let patched = held.compile(flagSets: nil, options: CompileOptions())
            let whole = Snapshot(compiling: try BurgeeCore.Definitions(json: json, format: .unleash))
            patches.expectSame(patched, whole, description, contexts: items.contexts, segmentKeys: ids)
            #expect(patched.version == whole.version, "\(description)")
            if changes > 0 { itemwise += 1 }
            let hinted = ChangeDetector.changes(from: previous, to: patched, touched: keys)
            let compared = ChangeDetector.changes(from: previous, to: whole)
            #expect(hinted.flags == compared.flags && hinted.segments == compared.segments, "\(description)")
            previous = patched
        }
        #expect(itemwise > 20, "\(itemwise) polls replaced items one by one")

        // What cannot keep every feature's place, or the version, is read whole.
        func readWhole(_ json: JSONValue, _ why: String) {
            let before = held.json
            #expect(held.replaceItems(withWhole: json, format: nil) == nil, "\(why)")
            #expect(held.json == before, "\(why): nothing changed")
        }
        readWhole(["version": 2, "features": .array(features.reversed()), "segments": .array(segments)], "features in another order")
        readWhole(["version": 2, "features": .array(Array(features.dropLast())), "segments": .array(segments)], "a feature dropped")
        readWhole(["version": 2, "features": .array(features + [try items.body(0, segment: false, key: "new")]), "segments": .array(segments)],
                  "a feature added")
        readWhole(["version": 2, "features": .array(features), "segments": .array(segments.reversed())], "segments in another order")
        readWhole(["version": 3, "features": .array(features), "segments": .array(segments)], "another version")
        readWhole(["version": 2, "features": .array(features), "segments": "not a list"], "segments that are not a list")
        readWhole(["events": [["type": "hydration", "eventId": 1, "features": .array(features), "segments": .array(segments)]]],
                  "a delta document")
    }
}
