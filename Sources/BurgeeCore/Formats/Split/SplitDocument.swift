/// Split's definitions as `burgee` reads them (docs/split.md): the body of `GET /splitChanges`,
/// spec 1.3 (`{"ff":{"d":[…],"s":…,"t":…},"rbs":{"d":[…],…}}`) or 1.1 (`{"splits":[…],
/// "since":…,"till":…}`), plus an optional `segments` member with the standard segments' keys:
/// `{"name": ["key", …]}`, or a `/segmentChanges` body (`{"name","added","removed","since",
/// "till"}`) or a list of them, per name or as the whole member.
///
/// Flags and rule-based segments are read as Split's SDKs read them; anything they would refuse
/// refuses the document, naming the JSON path. Items whose status is not `ACTIVE` are deletions.
/// A later item of the same name replaces an earlier one.
package struct SplitDocument: Sendable {
    /// The flags, deletions included, in document order (a later one of a name replacing an earlier).
    package var flags: [SplitFlag]
    package var ruleBasedSegments: [SplitRuleBasedSegment]
    /// Standard segments' member keys, by name.
    package var segments: [String: [String]]
    /// `ff.t` (`till` in spec 1.1): the change number the flags are current to; -1 when absent.
    package var changeNumber: Int64
    /// `rbs.t`; -1 when absent.
    package var ruleBasedChangeNumber: Int64

    package init(flags: [SplitFlag] = [], ruleBasedSegments: [SplitRuleBasedSegment] = [], segments: [String: [String]] = [:],
                 changeNumber: Int64 = -1, ruleBasedChangeNumber: Int64 = -1) {
        self.flags = flags
        self.ruleBasedSegments = ruleBasedSegments
        self.segments = segments
        self.changeNumber = changeNumber
        self.ruleBasedChangeNumber = ruleBasedChangeNumber
    }

    /// Reads a parsed document.
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` naming the JSON path of what Split's SDKs would refuse.
    package init(json: JSONValue) throws(DefinitionsError) {
        let root = RefusingReader(.split, .root)
        let members = try root.object(json)
        self.init()
        if let ff = members["ff"] {
            let fr = root.at("ff")
            let body = try fr.object(ff)
            flags = try Self.items(body["d"], fr.at("d"), SplitFlag.init)
            changeNumber = body["t"]?.int64Value ?? -1
        } else if let splits = members["splits"] {
            flags = try Self.items(splits, root.at("splits"), SplitFlag.init)
            changeNumber = members["till"]?.int64Value ?? -1
        } else {
            throw .notOfFormat(.split, #"there is neither "ff" (spec 1.3) nor "splits" (spec 1.1)"#)
        }
        if let rbs = members["rbs"], !rbs.isNull {
            let rr = root.at("rbs")
            let body = try rr.object(rbs)
            ruleBasedSegments = try Self.items(body["d"], rr.at("d"), SplitRuleBasedSegment.init)
            ruleBasedChangeNumber = body["t"]?.int64Value ?? -1
        }
        if let segments = members["segments"], !segments.isNull {
            self.segments = try Self.segments(segments, root.at("segments"))
        }
    }

    private static func items<T>(_ list: JSONValue?, _ r: RefusingReader,
                                 _ read: (JSONValue, RefusingReader) throws(DefinitionsError) -> T) throws(DefinitionsError) -> [T] {
        guard let list, !list.isNull else { return [] }
        var items: [T] = []
        for (i, item) in try r.array(list).enumerated() {
            items.append(try read(item, r.at(i)))
        }
        return items
    }

    private static func segments(_ json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) -> [String: [String]] {
        var members: [String: [String]] = [:]
        switch json {
        case .array(let bodies):
            for (i, body) in bodies.enumerated() { try apply(body, name: nil, r.at(i), to: &members) }
        case .object(let byName):
            for name in byName.keys.sorted() {
                let value = byName[name]!
                let nr = r.at(name)
                switch value {
                case .array(let list) where list.allSatisfy({ $0.stringValue != nil }):
                    members[name] = list.compactMap(\.stringValue)
                case .array(let bodies):
                    for (i, body) in bodies.enumerated() { try apply(body, name: name, nr.at(i), to: &members) }
                case .object:
                    try apply(value, name: name, nr, to: &members)
                default:
                    throw nr.refusal("a segment is a list of keys or a segmentChanges body, not \(value.typeName)")
                }
            }
        default:
            throw r.refusal("expected an object of segments by name, or a list of segmentChanges bodies, found \(json.typeName)")
        }
        return members
    }

    /// Applies a `/segmentChanges` body as Split's SDKs do: its `added` keys in, then its
    /// `removed` keys out (a key in both is out).
    private static func apply(_ json: JSONValue, name given: String?, _ r: RefusingReader,
                              to members: inout [String: [String]]) throws(DefinitionsError) {
        let body = try r.object(json)
        let name: String
        if let given { name = given } else { name = try r.at("name").string(try r.required(body, "name")) }
        var keys = members[name] ?? []
        var present = Set(keys)
        for key in (body["added"]?.arrayValue ?? []).compactMap(\.stringValue) where present.insert(key).inserted {
            keys.append(key)
        }
        let removed = Set((body["removed"]?.arrayValue ?? []).compactMap(\.stringValue))
        keys.removeAll { removed.contains($0) }
        members[name] = keys
    }

    /// The active flags by name (a later one of a name replacing an earlier; deletions removing).
    package var liveFlags: [String: SplitFlag] {
        var byName: [String: SplitFlag] = [:]
        for flag in flags { byName[flag.name] = flag.isActive ? flag : nil }
        return byName
    }

    /// The active rule-based segments by name.
    package var liveRuleBasedSegments: [String: SplitRuleBasedSegment] {
        var byName: [String: SplitRuleBasedSegment] = [:]
        for segment in ruleBasedSegments { byName[segment.name] = segment.isActive ? segment : nil }
        return byName
    }
}
