import BurgeeCore

/// What syncing with Split's SDK API has gathered: flags and rule-based segments by name, standard
/// segments' keys, and the change numbers to ask from next. A fetch works on a copy and the sync
/// loop keeps it only once the client accepted the document it makes, so a body that fails to
/// read leaves the last good state (and its change numbers) in place, to be fetched again.
struct SplitSyncState: Sendable, Equatable {
    /// Active flags by name, as the server sent them.
    var flags: [String: JSONValue] = [:]
    /// Active rule-based segments by name.
    var ruleBasedSegments: [String: JSONValue] = [:]
    /// Standard segments' keys by name, in the order they were added.
    var segments: [String: [String]] = [:]
    /// `ff.t` of the last answer; -1 before the first.
    var changeNumber: Int64 = -1
    /// `rbs.t` of the last answer; -1 before the first.
    var ruleBasedChangeNumber: Int64 = -1
    /// Each segment's `till`; absent before its first fetch.
    var segmentChangeNumbers: [String: Int64] = [:]

    /// Applies a `/splitChanges` section's items: active ones replace those of their name, the
    /// others (ARCHIVED) delete them. Returns whether anything changed.
    @discardableResult
    static func apply(_ items: [JSONValue], to store: inout [String: JSONValue]) -> Bool {
        var changed = false
        for item in items {
            guard let name = item.objectValue?["name"]?.stringValue else { continue }
            if (item.objectValue?["status"]?.stringValue ?? "ACTIVE") == "ACTIVE" {
                if store[name] != item { store[name] = item; changed = true }
            } else if store.removeValue(forKey: name) != nil {
                changed = true
            }
        }
        return changed
    }

    /// Applies a `/segmentChanges` body's keys. Returns whether the segment's keys changed.
    @discardableResult
    mutating func applySegment(_ name: String, added: [String], removed: [String]) -> Bool {
        var keys = segments[name] ?? []
        let before = keys
        let gone = Set(removed)
        keys.removeAll { gone.contains($0) }
        var present = Set(keys)
        for key in added where present.insert(key).inserted { keys.append(key) }
        segments[name] = keys
        return keys != before
    }

    /// Kills the stored flag `name` as a `SPLIT_KILL` notification says, until the flag is fetched
    /// again: `killed`, `defaultTreatment` and `changeNumber` replaced. Returns whether the flag
    /// is held (and so changed).
    mutating func kill(_ name: String, defaultTreatment: String, changeNumber: Int64) -> Bool {
        guard case .object(var members)? = flags[name] else { return false }
        members["killed"] = true
        members["defaultTreatment"] = .string(defaultTreatment)
        members["changeNumber"] = .number(Double(changeNumber))
        flags[name] = .object(members)
        return true
    }

    /// The standard segments the active flags and rule-based segments name: `IN_SEGMENT`
    /// matchers' segments, and rule-based segments' excluded segments of type `standard`.
    var namedSegments: Set<String> {
        var names: Set<String> = []
        for item in Array(flags.values) + Array(ruleBasedSegments.values) {
            for condition in item.objectValue?["conditions"]?.arrayValue ?? [] {
                let matchers = condition.objectValue?["matcherGroup"]?.objectValue?["matchers"]?.arrayValue ?? []
                for matcher in matchers where matcher.objectValue?["matcherType"]?.stringValue == "IN_SEGMENT" {
                    if let name = matcher.objectValue?["userDefinedSegmentMatcherData"]?.objectValue?["segmentName"]?.stringValue {
                        names.insert(name)
                    }
                }
            }
        }
        for segment in ruleBasedSegments.values {
            for excluded in segment.objectValue?["excluded"]?.objectValue?["segments"]?.arrayValue ?? [] {
                let members = excluded.objectValue ?? [:]
                if (members["type"]?.stringValue ?? "standard") == "standard", let name = members["name"]?.stringValue {
                    names.insert(name)
                }
            }
        }
        return names
    }

    /// The rule-based segments the active flags name (`IN_RULE_BASED_SEGMENT` matchers).
    var ruleBasedSegmentNames: Set<String> {
        var names: Set<String> = []
        for flag in flags.values {
            for condition in flag.objectValue?["conditions"]?.arrayValue ?? [] {
                let matchers = condition.objectValue?["matcherGroup"]?.objectValue?["matchers"]?.arrayValue ?? []
                for matcher in matchers where matcher.objectValue?["matcherType"]?.stringValue == "IN_RULE_BASED_SEGMENT" {
                    if let name = matcher.objectValue?["userDefinedSegmentMatcherData"]?.objectValue?["segmentName"]?.stringValue {
                        names.insert(name)
                    }
                }
            }
        }
        return names
    }

    /// Drops the keys of segments nothing names any more.
    mutating func forgetUnnamedSegments() {
        let named = namedSegments
        segments = segments.filter { named.contains($0.key) }
        segmentChangeNumbers = segmentChangeNumbers.filter { named.contains($0.key) }
    }

    /// The Split document the client reads: `{"ff":{"d","s","t"},"rbs":{"d","s","t"},"segments":{…}}`,
    /// items in name order.
    var document: JSONValue {
        func sorted(_ items: [String: JSONValue]) -> JSONValue {
            .array(items.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).map { items[$0]! })
        }
        return [
            "ff": ["d": sorted(flags), "s": .number(Double(changeNumber)), "t": .number(Double(changeNumber))],
            "rbs": ["d": sorted(ruleBasedSegments), "s": .number(Double(ruleBasedChangeNumber)),
                    "t": .number(Double(ruleBasedChangeNumber))],
            "segments": .object(segments.mapValues { .array($0.map(JSONValue.string)) }),
        ]
    }
}
